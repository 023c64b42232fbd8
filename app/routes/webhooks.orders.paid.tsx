import type { ActionFunctionArgs } from "@remix-run/node";
import { handleOrderWebhook } from "../webhooks/orders.server";

/** orders/paid (shopify.app.toml): see handleOrderWebhook. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleOrderWebhook(request, "orders/paid");
