import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { codCsv, codReport } from "../cod/report.server";
import { getShopSettings } from "../shops/shops.server";
import { authenticate } from "../shopify.server";
import { producerConnection } from "../jobs/queues.server";
import { csvDownload } from "../platform/csv-download.server";
import { getEnv } from "../platform/env.server";
import { downloadBusy } from "../shops/download-busy";
import { takeDownloadSlot } from "../shops/download-slot.server";
import { speechFor } from "../shops/speech.server";

/**
 * The COD page's parcels as CSV (app.cod.tsx fetches it with the session token and saves it), in
 * the page's language (the fetch carries it) and with the page's dates.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const slot = await takeDownloadSlot(producerConnection(), getEnv().QUEUE_PREFIX, session.shop);
  if (!slot) return downloadBusy(speech.t);
  // The report's lists are bounded (5,000 parcels each): made at once, sent as one chunk.
  async function* report() {
    const settings = await getShopSettings(db, session.shop);
    yield codCsv(
      await codReport(db, session.shop, settings.codType, new Date(), speech.timeZone),
      speech,
    );
  }
  return csvDownload({ fileName: "cash-on-delivery.csv", header: "", chunks: report(), slot });
};
