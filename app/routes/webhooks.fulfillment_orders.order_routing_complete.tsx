import type { ActionFunctionArgs } from "@remix-run/node";
import { handleFulfillmentOrderWebhook } from "../webhooks/fulfillment-orders.server";

/** fulfillment_orders/order_routing_complete (shopify.app.toml): see handleFulfillmentOrderWebhook. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleFulfillmentOrderWebhook(request, "fulfillment_orders/order_routing_complete");
