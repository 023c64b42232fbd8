import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatServiceDuration } from "../platform/intl-format";
import { actionDeps } from "../shipments/action-deps.server";
import { bulkCourierPrices } from "../shipments/bulk-courier.server";
import type { CourierPricesAnswer } from "../shipments/bulk-courier";
import { formatMoney } from "../shipments/status-words";
import { tickedIds, unansweredWords } from "../shipments/ticked.server";
import { speechFor } from "../shops/speech.server";
import { authenticate } from "../shopify.server";

/**
 * `GET /app/shipments/courier-prices?id=…&id=…`: every courier service's price for the shipments
 * ticked in the list (bulk "change courier"), read from the shipping service when asked; nothing
 * is changed. Metered: each shipment is one rates call at the service.
 */
export const loader = async ({ request }: LoaderFunctionArgs): Promise<CourierPricesAnswer> => {
  const { session } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const { t, locale } = speech;
  try {
    const prices = await bulkCourierPrices(actionDeps(), session.shop, tickedIds(request));
    const money = (amount: number) => formatMoney(amount, prices.currency, locale);
    return {
      changeable: prices.changeable,
      fixed: prices.fixed,
      unpriced: prices.unpriced,
      error: null,
      services: prices.services.map((s) => {
        const duration = formatServiceDuration(s.durationRange, s.durationUnit, locale);
        const change =
          s.change === null
            ? null
            : s.change === 0
              ? t("list.courier.same")
              : t(s.change < 0 ? "list.courier.cheaper" : "list.courier.dearer", {
                  amount: money(Math.abs(s.change)),
                });
        return {
          key: `${s.company}/${s.type}`,
          company: s.company,
          type: s.type,
          name: s.name,
          label: duration ? `${s.name} · ${duration}` : s.name,
          detail: [
            t("list.courier.total", {
              total: money(s.total),
              carried: s.ids.length,
              count: prices.changeable,
            }),
            change,
          ]
            .filter(Boolean)
            .join(" · "),
          ids: s.ids,
        };
      }),
    };
  } catch (error) {
    return {
      changeable: 0,
      fixed: 0,
      unpriced: 0,
      error: unansweredWords(error, t, t("list.courier.failed")),
      services: [],
    };
  }
};
