import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { db } from "../db/index.server";
import { getEnv } from "../platform/env.server";
import { jsonResponse } from "../platform/http.server";
import { producerConnection } from "../jobs/queues.server";
import { isLabelLayout } from "../shops/label-layouts";
import { withPrintLease } from "../labels/print-lock.server";
import { printLabels } from "../labels/print.server";
import { isPoolFull, renderLabels } from "../labels/render-pool.server";
import { selectionFrom } from "../labels/selection";
import { getShopSettings } from "../shops/shops.server";
import { tooManyRequests } from "../shops/request-rate.server";
import { authenticate } from "../shopify.server";
import { shopTimeZone } from "../shops/time-zone.server";
import { wordsFor } from "../i18n/i18n.server";

/**
 * The labels of a print as one PDF (app.labels.tsx fetches it with the session token). `ids=` or
 * `pending=today`, and `layout=thermal|a4` (else the shop's setting). Only the signed-in shop's
 * shipments are ever read; printing marks them printed. The request counts in the shop's request
 * rate (app/shops/request-rate.server.ts), a shop prints one print at a time, and the PDF is drawn
 * in a label thread (app/labels/render-pool.server.ts), never on the event loop every shop shares.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const { t } = await wordsFor(request);
  const params = new URL(request.url).searchParams;
  const selection = selectionFrom(
    params,
    await shopTimeZone({ db, graphql: shopifyAdminGraphql }, session.shop),
  );
  if (!selection) return jsonResponse({ error: t("labels.errors.selection") }, 400);
  const asked = params.get("layout");
  const env = getEnv();
  const answer = await withPrintLease(
    producerConnection(),
    env.QUEUE_PREFIX,
    session.shop,
    async () => {
      const layout = isLabelLayout(asked)
        ? asked
        : (await getShopSettings(db, session.shop)).labelLayout;
      const { labels, skipped } = await printLabels(
        { db, env, graphql: shopifyAdminGraphql },
        session.shop,
        selection,
      );
      if (labels.length === 0)
        return jsonResponse({ error: t("labels.errors.nothing"), skipped }, 404);
      let pdf: Uint8Array<ArrayBuffer>;
      try {
        pdf = await renderLabels(labels, layout);
      } catch (error) {
        if (!isPoolFull(error)) throw error;
        return jsonResponse({ error: t("labels.errors.busy") }, 503);
      }
      return new Response(pdf, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="labels-${new Date().toISOString().slice(0, 10)}.pdf"`,
          "Cache-Control": "no-store",
          "X-Labels-Printed": String(labels.length),
          "X-Labels-Skipped": String(skipped.length),
        },
      });
    },
  );
  return answer ?? tooManyRequests(5_000, t, t("labels.errors.stillPrinting"));
};
