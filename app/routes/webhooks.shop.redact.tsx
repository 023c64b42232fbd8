import type { ActionFunctionArgs } from "@remix-run/node";
import { getShop, redactShop } from "../shops/shops.server";
import { handleInlineWebhook } from "../webhooks/handle.server";

/**
 * shop/redact (compliance_topics), 48 hours after uninstall: removes everything of the shop. Only
 * for a shop that is not installed: Shopify sends it after an uninstall, so for an installed shop it
 * is a replay (recorded, not acted on).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleInlineWebhook(request, "shop/redact", {
    record: () => ({ payload: null }),
    refuse: async (tx, { shop }) =>
      (await getShop(tx, shop))?.installed
        ? "the shop is installed: shop/redact comes only after an uninstall"
        : null,
    apply: (tx, { shop }) => redactShop(tx, shop),
  });
