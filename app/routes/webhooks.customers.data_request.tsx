import type { ActionFunctionArgs } from "@remix-run/node";
import { customersDataRequestSchema } from "../webhooks/compliance";
import { handleInlineWebhook } from "../webhooks/handle.server";

/**
 * customers/data_request (compliance_topics in shopify.app.toml). The request is recorded in the
 * inbox with ids only; the merchant answers the customer from the shipments of the listed orders
 * (app pages). Nothing is sent to anyone from here.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleInlineWebhook(request, "customers/data_request", {
    record: ({ payload }) => {
      const parsed = customersDataRequestSchema.parse(payload);
      return {
        resourceId: parsed.customer?.id ?? null,
        payload: {
          customerId: parsed.customer?.id ?? null,
          ordersRequested: parsed.orders_requested,
          dataRequestId: parsed.data_request?.id ?? null,
        },
      };
    },
    apply: async () => {},
  });
