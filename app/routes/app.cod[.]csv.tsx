import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { codCsvHeader, codCsvRows } from "../cod/csv";
import { codParcelPages, type CodListKind } from "../cod/parcels.server";
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
 * the page's language (the fetch carries it) and with the page's dates: the delivered parcels,
 * then those that came back, sent a page of parcels at a time as it is read
 * (../cod/parcels.server.ts), one download per shop at a time; each counts in the shop's request
 * rate.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const slot = await takeDownloadSlot(producerConnection(), getEnv().QUEUE_PREFIX, session.shop);
  if (!slot) return downloadBusy(speech.t);
  async function* lists() {
    const { codType } = await getShopSettings(db, session.shop);
    const window = { shop: session.shop, shopCodType: codType, now: new Date() };
    for (const kind of ["delivered", "returned"] satisfies CodListKind[])
      for await (const parcels of codParcelPages(db, kind, window))
        yield codCsvRows(kind, parcels, speech);
  }
  return csvDownload({
    fileName: "cash-on-delivery.csv",
    header: codCsvHeader(speech),
    chunks: lists(),
    slot,
  });
};
