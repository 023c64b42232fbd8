import type { ActionFunctionArgs } from "@remix-run/node";
import { handleOrderWebhook } from "../webhooks/orders.server";

/** refunds/create (shopify.app.toml): see handleOrderWebhook. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleOrderWebhook(request, "refunds/create");
