import type { ActionFunctionArgs } from "@remix-run/node";
import { recordUninstall } from "../shops/shops.server";
import { handleInlineWebhook } from "../webhooks/handle.server";

/** app/uninstalled (shopify.app.toml): sessions deleted, shop marked uninstalled; data kept until shop/redact. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleInlineWebhook(request, "app/uninstalled", {
    record: () => ({ payload: null }),
    apply: (tx, { shop }) => recordUninstall(tx, shop),
  });
