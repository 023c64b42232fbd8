import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { producerConnection } from "../jobs/queues.server";
import { csvDownload } from "../platform/csv-download.server";
import { getEnv } from "../platform/env.server";
import { shipmentsCsvHeader, shipmentsCsvRows } from "../shipments/csv";
import { decodeCursor, listShipments, type Cursor } from "../shipments/list.server";
import { listParamsOf } from "../shipments/list-params";
import { downloadBusy } from "../shops/download-busy";
import { takeDownloadSlot } from "../shops/download-slot.server";
import { speechFor } from "../shops/speech.server";
import { authenticate } from "../shopify.server";

/** The most lines one download carries: a year of a busy shop's parcels. */
export const SHIPMENTS_CSV_ROWS = 100_000;
const PAGE = 250;

/**
 * The shipments list as CSV (the list's "Ekspor CSV" fetches it with the session token and saves
 * it): the shipments of the list's tab, search and filters (the same address as the page), newest
 * change first, in the page's language, read and sent a page of 250 at a time by the list's own
 * keyset, one download per shop at a time; it counts in the shop's request rate.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const slot = await takeDownloadSlot(producerConnection(), getEnv().QUEUE_PREFIX, session.shop);
  if (!slot) return downloadBusy(speech.t);
  const place = listParamsOf(new URL(request.url));
  async function* pages() {
    const now = new Date();
    let after: Cursor | null = null;
    for (let sent = 0; sent < SHIPMENTS_CSV_ROWS; sent += PAGE) {
      const page = await listShipments(db, session.shop, {
        tab: place.tab,
        problemKind: place.kind,
        notPrinted: place.notPrinted,
        codRisk: place.risk,
        search: place.search,
        after,
        limit: PAGE,
      });
      yield shipmentsCsvRows(page.rows, speech, now);
      after = decodeCursor(page.next);
      if (!after) return;
    }
  }
  return csvDownload({
    fileName: "shipments.csv",
    header: shipmentsCsvHeader(speech),
    chunks: pages(),
    slot,
  });
};
