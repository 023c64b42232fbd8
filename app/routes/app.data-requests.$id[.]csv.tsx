import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataRequestCsv } from "../compliance/data-requests.server";
import { db } from "../db/index.server";
import { authenticate } from "../shopify.server";
import { speechFor } from "../shops/speech.server";

/**
 * A customer's data request's data as CSV (app/compliance/data-requests.server.ts), in the
 * reader's language and the shop's time zone, as the costs CSV: the settings page fetches it with the session token and saves it. Another
 * shop's request, or one that does not exist, is 404.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const id = Number(params.id);
  const speech = await speechFor(request, session.shop);
  const csv = Number.isSafeInteger(id) ? await dataRequestCsv(db, session.shop, id, speech) : null;
  if (csv === null) return new Response("Not found", { status: 404 });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="customer-data.csv"',
      "Cache-Control": "no-store",
    },
  });
};
