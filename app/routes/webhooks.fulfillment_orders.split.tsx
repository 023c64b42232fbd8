import { webhookAction } from "../webhooks/intake.server";

/** fulfillment_orders/split (shopify.app.toml): a door onto the one webhook intake (app/webhooks/intake.server.ts). */
export const action = webhookAction("fulfillment_orders/split");
