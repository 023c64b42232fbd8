import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { db } from "../db/index.server";
import { getEnv } from "../env.server";
import { jsonResponse } from "../http.server";
import { isLabelLayout } from "../labels/layouts";
import { printLabels } from "../labels/print.server";
import { labelPdf } from "../labels/render.server";
import { selectionFrom } from "../labels/selection";
import { getShopSettings } from "../shops/shops.server";
import { authenticate } from "../shopify.server";

/**
 * The labels of a print as one PDF, streamed as it is drawn (app.labels.tsx fetches it with the
 * session token). `ids=` or `pending=today`, and `layout=thermal|a4` (else the shop's setting).
 * Only the signed-in shop's shipments are ever read; printing marks them printed.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const selection = selectionFrom(params);
  if (!selection)
    return jsonResponse({ error: "Name the shipments: ids=<id>,<id> or pending=today" }, 400);
  const asked = params.get("layout");
  const layout = isLabelLayout(asked)
    ? asked
    : (await getShopSettings(db, session.shop)).labelLayout;
  const { labels, skipped } = await printLabels(
    { db, env: getEnv(), graphql: shopifyAdminGraphql },
    session.shop,
    selection,
  );
  if (labels.length === 0) return jsonResponse({ error: "Nothing to print", skipped }, 404);
  const stream = Readable.toWeb(labelPdf(labels, layout)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="labels-${new Date().toISOString().slice(0, 10)}.pdf"`,
      "Cache-Control": "no-store",
      "X-Labels-Printed": String(labels.length),
      "X-Labels-Skipped": String(skipped.length),
    },
  });
};
