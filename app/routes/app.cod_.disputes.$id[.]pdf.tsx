import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { getDispute } from "../cod/disputes/disputes.server";
import { packetPdf } from "../cod/disputes/packet-pdf.server";
import { packetWords } from "../cod/disputes/packet-words.server";
import { authenticate } from "../shopify.server";

/** A dispute's packet as a printable PDF, in Indonesian (the service's language). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const found = await getDispute(db, session.shop, params.id ?? "");
  if (!found) return new Response("Not found", { status: 404 });
  const { words, shopName } = await packetWords(session.shop);
  const pdf = await packetPdf(found.dispute, found.items, shopName, words);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="sengketa-cod-${found.dispute.number}.pdf"`,
      "cache-control": "no-store",
    },
  });
};
