import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { codCsv, codReport } from "../shipments/cod-report.server";
import { getShopSettings } from "../shops/shops.server";
import { authenticate } from "../shopify.server";
import { wordsFor } from "../i18n/i18n.server";

/**
 * The COD page's parcels as CSV (app.cod.tsx fetches it with the session token and saves it), in
 * the page's language (the fetch carries it) and with the page's dates.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(db, session.shop);
  const csv = codCsv(await codReport(db, session.shop, settings.codType), await wordsFor(request));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="cash-on-delivery.csv"',
      "Cache-Control": "no-store",
    },
  });
};
