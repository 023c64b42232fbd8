import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { codCsv, codReport } from "../cod/report.server";
import { getShopSettings } from "../shops/shops.server";
import { authenticate } from "../shopify.server";
import { speechFor } from "../shops/speech.server";

/**
 * The COD page's parcels as CSV (app.cod.tsx fetches it with the session token and saves it), in
 * the page's language (the fetch carries it) and with the page's dates.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const settings = await getShopSettings(db, session.shop);
  const speech = await speechFor(request, session.shop);
  const report = await codReport(db, session.shop, settings.codType, new Date(), speech.timeZone);
  const csv = codCsv(report, speech);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="cash-on-delivery.csv"',
      "Cache-Control": "no-store",
    },
  });
};
