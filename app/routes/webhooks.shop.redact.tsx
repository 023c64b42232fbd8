import type { ActionFunctionArgs } from "@remix-run/node";
import { redactShop } from "../shops/shops.server";
import { handleInlineWebhook } from "../webhooks/handle.server";

/** shop/redact (compliance_topics), 48 hours after uninstall: removes everything of the shop. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleInlineWebhook(request, {
    record: () => ({ payload: null }),
    apply: (tx, { shop }) => redactShop(tx, shop),
  });
