/**
 * The couriers page's data (route.tsx): which courier service delivers, from the shop's own
 * parcels of the chosen period (30, 90 or 365 days), per destination province or city, in the
 * reader's words, and the charts' series.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../../db/index.server";
import { MIN_PARCELS } from "../../couriers/figures";
import { COURIER_PERIODS, courierPerformance, courierPeriodOf } from "../../couriers/record.server";
import { chartSeries, laneWords } from "../../couriers/words";
import { speechFor } from "../../shops/speech.server";
import { authenticate } from "../../shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const speech = await speechFor(request, session.shop);
  const params = new URL(request.url).searchParams;
  const days = courierPeriodOf(params.get("days"));
  const byCity = params.get("by") === "city";
  const performance = await courierPerformance(db, session.shop, days, byCity);
  return {
    days,
    by: byCity ? ("city" as const) : ("province" as const),
    periods: [...COURIER_PERIODS],
    min: MIN_PARCELS,
    charts: chartSeries(performance.services, speech),
    lanes: performance.lanes.map((f) => laneWords(f, speech)),
  };
};
