/**
 * The costs page's data (route.tsx): what shipping really cost over the chosen period (7, 30 or 90
 * days), in the reader's words: the totals and the shop's shipping margin, the parcels charged
 * more than quoted (largest first, with both weights), and the totals by courier and by week.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../../db/index.server";
import { COST_PERIODS, costPeriodOf, costReport } from "../../costs/report.server";
import { courierOf, surchargedWords, totalsWords } from "../../costs/words";
import { dayOf } from "../../shipments/status-words";
import { speechFor } from "../../shops/speech.server";
import { authenticate } from "../../shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const speech = await speechFor(request, session.shop);
  const days = costPeriodOf(new URL(request.url).searchParams.get("days"));
  const report = await costReport(db, session.shop, days, new Date(), speech.timeZone);
  const calendarDay = (date: string) =>
    dayOf(`${date}T00:00:00Z`, { locale: speech.locale, timeZone: "UTC" });
  return {
    days,
    periods: [...COST_PERIODS],
    totals: totalsWords(report.totals, speech),
    surcharged: report.surcharged.map((p) => surchargedWords(p, speech)),
    byCourier: report.byCourier
      .sort((a, b) => b.paid - a.paid)
      .map((c) => ({
        key: c.courier ?? "",
        name: courierOf(c.courier, speech),
        ...totalsWords(c, speech),
      })),
    byWeek: report.byWeek.map((w) => ({
      key: w.week,
      name: calendarDay(w.week),
      ...totalsWords(w, speech),
    })),
  };
};
