import type { ActionFunctionArgs } from "@remix-run/node";
import { handleOrderWebhook } from "../webhooks/orders.server";

/** orders/updated (shopify.app.toml): see handleOrderWebhook. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleOrderWebhook(request, "orders/updated");
