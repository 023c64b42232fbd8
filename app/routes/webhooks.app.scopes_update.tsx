import { webhookAction } from "../webhooks/intake.server";

/** app/scopes_update (shopify.app.toml): a door onto the one webhook intake (app/webhooks/intake.server.ts). */
export const action = webhookAction("app/scopes_update");
