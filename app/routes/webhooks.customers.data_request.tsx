import { webhookAction } from "../webhooks/intake.server";

/** customers/data_request (shopify.app.toml): a door onto the one webhook intake (app/webhooks/intake.server.ts). */
export const action = webhookAction("customers/data_request");
