import { webhookAction } from "../webhooks/intake.server";

/** returns/approve (shopify.app.toml): a door onto the one webhook intake (app/webhooks/intake.server.ts). */
export const action = webhookAction("returns/approve");
