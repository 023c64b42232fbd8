import { webhookAction } from "../webhooks/intake.server";

/** shop/redact (shopify.app.toml): a door onto the one webhook intake (app/webhooks/intake.server.ts). */
export const action = webhookAction("shop/redact");
