import type { LoaderFunctionArgs } from "@remix-run/node";
import { actionDeps } from "../shipments/action-deps.server";
import type { InsuranceQuoteAnswer } from "../shipments/bulk-insurance";
import { bulkInsuranceQuote } from "../shipments/bulk-insurance.server";
import { formatMoney } from "../shipments/status-words";
import { tickedIds, unansweredWords } from "../shipments/ticked.server";
import { speechFor } from "../shops/speech.server";
import { authenticate } from "../shopify.server";

/**
 * `GET /app/shipments/insurance-quote?id=…&id=…`: what insuring the shipments ticked in the list
 * would cost (each one's premium with its courier, from the shipping service's rates) and which
 * are left out, before the merchant chooses; nothing is changed. Metered: one rates call each.
 */
export const loader = async ({ request }: LoaderFunctionArgs): Promise<InsuranceQuoteAnswer> => {
  const { session } = await authenticate.meteredAdmin(request);
  const { t, locale } = await speechFor(request, session.shop);
  try {
    const quote = await bulkInsuranceQuote(actionDeps(), session.shop, tickedIds(request));
    const priced = quote.insurable.length - quote.unknown - quote.notAvailable;
    const notes = [
      [quote.booked, "list.insurance.booked"],
      [quote.noValue, "list.insurance.noValue"],
      [quote.unknown, "list.insurance.unknown"],
      [quote.notAvailable, "list.insurance.notAvailable"],
    ] as const;
    return {
      open: quote.open,
      insurable: quote.insurable,
      premium:
        priced > 0
          ? t("list.insurance.premium", {
              premium: formatMoney(quote.premium, quote.currency, locale),
              count: priced,
            })
          : null,
      notes: notes.filter(([count]) => count > 0).map(([count, key]) => t(key, { count })),
      error: null,
    };
  } catch (error) {
    return {
      open: [],
      insurable: [],
      premium: null,
      notes: [],
      error: unansweredWords(error, t, t("list.insurance.failed")),
    };
  }
};
