import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { producerConnection } from "../jobs/queues.server";
import { costCsvHeader, costCsvRows } from "../costs/csv";
import { costParcelPages } from "../costs/parcels.server";
import { costPeriodOf, periodStart } from "../costs/report.server";
import { csvDownload, linesOf } from "../platform/csv-download.server";
import { getEnv } from "../platform/env.server";
import { authenticate } from "../shopify.server";
import { downloadBusy } from "../shops/download-busy";
import { takeDownloadSlot } from "../shops/download-slot.server";
import { speechFor } from "../shops/speech.server";

/**
 * The costs page's parcels as CSV (every booked parcel of the period, one row each), in the page's
 * language and period; the page fetches it with the session token and saves it. Sent a page of
 * parcels at a time as it is read (./costs/parcels.server.ts), one download per shop at a time;
 * each counts in the shop's request rate.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const days = costPeriodOf(new URL(request.url).searchParams.get("days"));
  const slot = await takeDownloadSlot(producerConnection(), getEnv().QUEUE_PREFIX, session.shop);
  if (!slot) return downloadBusy(speech.t);
  const pages = costParcelPages(db, session.shop, periodStart(new Date(), days));
  return csvDownload({
    fileName: "shipping-costs.csv",
    header: costCsvHeader(speech),
    chunks: linesOf(pages, (parcels) => costCsvRows(parcels, speech)),
    slot,
  });
};
