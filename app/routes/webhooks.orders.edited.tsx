import { webhookAction } from "../webhooks/intake.server";

/** orders/edited (shopify.app.toml): a door onto the one webhook intake (app/webhooks/intake.server.ts). */
export const action = webhookAction("orders/edited");
