import type { ActionFunctionArgs } from "@remix-run/node";
import { handleOrderWebhook } from "../webhooks/orders.server";

/** orders/edited (shopify.app.toml): see handleOrderWebhook. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleOrderWebhook(request, "orders/edited");
