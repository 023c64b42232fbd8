import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { getDispute } from "../cod/disputes/disputes.server";
import { packetCsv } from "../cod/disputes/packet-csv";
import { packetWords } from "../cod/disputes/packet-words.server";
import { authenticate } from "../shopify.server";

/** A dispute's packet as CSV for the service, in Indonesian (the service's language). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const found = await getDispute(db, session.shop, params.id ?? "");
  if (!found) return new Response("Not found", { status: 404 });
  const { words } = await packetWords(session.shop);
  return new Response(packetCsv(found.dispute, found.items, words), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="sengketa-cod-${found.dispute.number}.csv"`,
      "cache-control": "no-store",
    },
  });
};
