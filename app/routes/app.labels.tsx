import { orderTitle } from "../shipments/status-words";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  InlineStack,
  Page,
  Select,
  Spinner,
  Text,
} from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { wordsFor } from "../i18n/i18n.server";
import { db } from "../db/index.server";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { LABEL_LAYOUTS, type LabelLayout } from "../shops/label-layouts";
import { selectForLabels } from "../labels/print.server";
import { selectionFrom } from "../labels/selection";
import { getShopSettings } from "../shops/shops.server";
import { authenticate } from "../shopify.server";
import { shopTimeZone } from "../shops/time-zone.server";
import { pageTitle } from "../i18n/page-title";

export const meta = pageTitle((t) => t("labels.title"));

/**
 * Printing labels: what the print takes (and leaves out, with why), the size, and the PDF itself
 * shown in the page to print or save. Reached from the shipments list (selected, or every booked
 * shipment not printed today), a shipment's page, and the order page's block.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const { t } = await wordsFor(request);
  const params = new URL(request.url).searchParams;
  const selection = selectionFrom(
    params,
    await shopTimeZone({ db, graphql: shopifyAdminGraphql }, session.shop),
  );
  const settings = await getShopSettings(db, session.shop);
  const { rows, skipped } = selection
    ? await selectForLabels(db, session.shop, selection)
    : { rows: [], skipped: [] };
  return {
    today: Boolean(selection && "notPrintedToday" in selection),
    layout: settings.labelLayout,
    ids: rows.map((r) => r.id),
    reprints: rows.filter((r) => r.labelPrintedAt).length,
    orders: rows.map((r) => orderTitle(r, t)),
    skipped: skipped.map((s) => ({
      id: s.id,
      orderName: s.orderName,
      reason: t(`labels.skip.${s.reason}`, { detail: s.detail ?? "" }),
    })),
  };
};

export default function PrintLabels() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [layout, setLayout] = useState<LabelLayout>(data.layout);
  // The PDF drawn for one selection and size; another size fetches another (App Bridge adds the
  // session token to the app's own fetches).
  const [drawn, setDrawn] = useState<{ key: string; url?: string; error?: string } | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const ids = data.ids.join(",");
  const key = `${ids}|${layout}`;
  const pdf = drawn?.key === key ? (drawn.url ?? null) : null;
  const error = drawn?.key === key ? (drawn.error ?? null) : null;

  useEffect(() => {
    if (!ids) return;
    let url: string | null = null;
    let current = true;
    fetch(`/app/labels.pdf?ids=${ids}&layout=${layout}`)
      .then(async (response) => {
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { error?: string } | null;
          throw new Error(body?.error ?? t("labels.errors.http", { status: response.status }));
        }
        url = URL.createObjectURL(await response.blob());
        if (current) setDrawn({ key: `${ids}|${layout}`, url });
      })
      .catch((e: unknown) => {
        if (current) setDrawn({ key: `${ids}|${layout}`, error: (e as Error).message });
      });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [ids, layout, t]);

  const count = data.ids.length;
  return (
    <Page
      title={t("labels.title")}
      backAction={{ content: t("nav.shipments"), onAction: () => navigate("/app") }}
      primaryAction={{
        content: t("labels.print"),
        disabled: !pdf,
        onAction: () => frame.current?.contentWindow?.print(),
      }}
      secondaryActions={[
        {
          content: t("labels.download"),
          disabled: !pdf,
          onAction: () => {
            if (!pdf) return;
            const a = document.createElement("a");
            a.href = pdf;
            a.download = `${t("labels.fileName")}-${new Date().toISOString().slice(0, 10)}.pdf`;
            a.click();
          },
        },
      ]}
    >
      <BlockStack gap="400">
        {data.skipped.length > 0 && (
          <Banner tone="warning" title={t("labels.leftOut", { count: data.skipped.length })}>
            <BlockStack gap="100">
              {data.skipped.map((s) => (
                <Text as="p" key={s.id}>{`${s.orderName}: ${s.reason}`}</Text>
              ))}
            </BlockStack>
          </Banner>
        )}
        {count === 0 ? (
          <Card>
            <EmptyState
              heading={data.today ? t("labels.allPrinted") : t("labels.none")}
              image=""
              action={{ content: t("labels.back"), onAction: () => navigate("/app") }}
            >
              <p>{t("labels.which")}</p>
            </EmptyState>
          </Card>
        ) : (
          <Card>
            <BlockStack gap="300">
              <InlineStack gap="400" blockAlign="end" align="space-between">
                <Text as="p">
                  {t("labels.count", { count })}
                  {data.reprints ? ` ${t("labels.reprints", { count: data.reprints })}` : ""}
                  {`: ${data.orders.slice(0, 8).join(", ")}${count > 8 ? ", …" : ""}`}
                </Text>
                <div style={{ minWidth: "18rem" }}>
                  <Select
                    label={t("labels.size")}
                    options={LABEL_LAYOUTS.map((l) => ({
                      label: t(`labels.layout.${l}`),
                      value: l,
                    }))}
                    value={layout}
                    onChange={(v) => setLayout(v as LabelLayout)}
                  />
                </div>
              </InlineStack>
              {error && <Banner tone="critical">{error}</Banner>}
              {!pdf && !error && <Spinner accessibilityLabel={t("labels.drawing")} size="small" />}
              {pdf && (
                <iframe
                  ref={frame}
                  title={t("labels.frame")}
                  src={pdf}
                  style={{ width: "100%", height: "80vh", border: "1px solid #ddd" }}
                />
              )}
              <InlineStack>
                <Button onClick={() => navigate("/app")}>{t("labels.done")}</Button>
              </InlineStack>
            </BlockStack>
          </Card>
        )}
      </BlockStack>
    </Page>
  );
}
