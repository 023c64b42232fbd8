import type { ActionFunctionArgs } from "@remix-run/node";
import { redactCustomer } from "../shops/shops.server";
import { customersRedactSchema } from "../webhooks/compliance";
import { handleInlineWebhook } from "../webhooks/handle.server";

/** customers/redact (compliance_topics): removes that customer's personal data from our shipments. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleInlineWebhook(request, "customers/redact", {
    record: ({ payload }) => {
      const parsed = customersRedactSchema.parse(payload);
      return {
        resourceId: parsed.customer?.id ?? null,
        payload: {
          customerId: parsed.customer?.id ?? null,
          ordersToRedact: parsed.orders_to_redact,
        },
      };
    },
    apply: async (tx, { shop, payload }) => {
      const parsed = customersRedactSchema.parse(payload);
      await redactCustomer(tx, shop, parsed.customer?.id ?? null, parsed.orders_to_redact);
    },
  });
