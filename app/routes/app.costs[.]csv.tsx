import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { costCsv } from "../costs/csv";
import { costParcels, costPeriodOf } from "../costs/report.server";
import { authenticate } from "../shopify.server";
import { speechFor } from "../shops/speech.server";

/**
 * The costs page's parcels as CSV (every booked parcel of the period, one row each), in the page's
 * language and period; the page fetches it with the session token and saves it.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const days = costPeriodOf(new URL(request.url).searchParams.get("days"));
  const csv = costCsv(await costParcels(db, session.shop, days), speech);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="shipping-costs.csv"',
      "Cache-Control": "no-store",
    },
  });
};
