import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { Banner, BlockStack, Card, EmptyState, IndexTable, Page, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { db } from "../db/index.server";
import { codReport } from "../shipments/cod-report.server";
import { courierName, dayOf, formatMoney, orderTitle } from "../shipments/wording";
import { companyName } from "../shipments/courier-names";
import { getShopSettings } from "../shops/shops.server";
import { authenticate } from "../shopify.server";
import { speechFor } from "../shops/speech.server";
import { pageTitle } from "../i18n/page-title";

export const meta = pageTitle((t) => t("cod.title"));

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(db, session.shop);
  const speech = await speechFor(request, session.shop);
  const report = await codReport(db, session.shop, settings.codType, new Date(), speech.timeZone);
  const { t, locale } = speech;
  // Dates on this page (and in its CSV): the day in the shop's zone ("23 Nov 2026").
  const day = (at: Date | string) => dayOf(at, speech);
  const money = (amount: number) => formatMoney(amount, report.currency, locale) ?? String(amount);
  return {
    days: report.days,
    held: { parcels: report.held.parcels, amount: money(report.held.amount) },
    lost: {
      parcels: report.lost.parcels,
      cod: money(report.lost.cod),
      shipping: money(report.lost.shipping),
    },
    weeks: report.weeks.map((w) => ({
      key: `${w.courier}|${w.week}`,
      courier: companyName(speech.couriers, w.courier),
      // The week's Monday is a calendar date already (in the shop's zone): said as it is.
      week: dayOf(`${w.week}T00:00:00Z`, { locale, timeZone: "UTC" }),
      parcels: w.parcels,
      amount: money(w.amount),
      payout: w.due
        ? t("cod.dueSince", { day: day(w.payoutBy) })
        : t("cod.expectedBy", { day: day(w.payoutBy) }),
      due: w.due,
    })),
    returned: report.returned.map((p) => ({
      id: p.id,
      order: orderTitle(p, t),
      courier: courierName(p.courierCompany, p.courierType, speech.couriers) ?? "—",
      waybill: p.waybillId ?? "—",
      state: p.status === "return_in_transit" ? t("cod.comingBack") : t("cod.back"),
      cod: money(p.cod),
      shipping: p.shippingCost === null ? "—" : money(p.shippingCost),
      at: p.at ? day(p.at) : t("cod.onItsWay"),
    })),
  };
};

/** The couriers' cash on delivery for the shop: what they hold, when it is paid out, what came back. */
export default function CashOnDelivery() {
  const navigate = useNavigate();
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [exportError, setExportError] = useState<string | null>(null);
  // The CSV is fetched (App Bridge adds the session token to the app's own fetches), then saved.
  const download = async () => {
    setExportError(null);
    const response = await fetch("/app/cod.csv");
    if (!response.ok) {
      setExportError(t("cod.exportFailed", { status: response.status }));
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = `${t("cod.fileName")}-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Page
      title={t("cod.title")}
      subtitle={t("cod.subtitle", { days: data.days })}
      backAction={{ content: t("nav.shipments"), onAction: () => navigate("/app") }}
      primaryAction={{ content: t("cod.export"), onAction: () => void download() }}
    >
      <BlockStack gap="400">
        {exportError && <Banner tone="critical">{exportError}</Banner>}
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("cod.held", { amount: data.held.amount })}
            </Text>
            <Text as="p" tone="subdued">
              {`${t("cod.heldDetail", { count: data.held.parcels })} ${t("cod.lostDetail", {
                count: data.lost.parcels,
                cod: data.lost.cod,
                shipping: data.lost.shipping,
              })}`}
            </Text>
          </BlockStack>
        </Card>
        <Card padding="0">
          {data.weeks.length === 0 ? (
            <EmptyState heading={t("cod.empty.title")} image="">
              <p>{t("cod.empty.body")}</p>
            </EmptyState>
          ) : (
            <IndexTable
              resourceName={{ singular: t("cod.week.singular"), plural: t("cod.week.plural") }}
              itemCount={data.weeks.length}
              selectable={false}
              headings={[
                { title: t("list.columns.courier") },
                { title: t("cod.columns.week") },
                { title: t("cod.columns.parcels") },
                { title: t("cod.columns.collected") },
                { title: t("cod.columns.payout") },
              ]}
            >
              {data.weeks.map((w, i) => (
                <IndexTable.Row id={w.key} key={w.key} position={i}>
                  <IndexTable.Cell>{w.courier}</IndexTable.Cell>
                  <IndexTable.Cell>{w.week}</IndexTable.Cell>
                  <IndexTable.Cell>{w.parcels}</IndexTable.Cell>
                  <IndexTable.Cell>{w.amount}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" tone={w.due ? "subdued" : undefined}>
                      {w.payout}
                    </Text>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
        <Card padding="0">
          <div style={{ padding: "12px 16px" }}>
            <Text as="h2" variant="headingMd">
              {t("cod.returned.title")}
            </Text>
          </div>
          {data.returned.length === 0 ? (
            <div style={{ padding: "0 16px 16px" }}>
              <Text as="p" tone="subdued">
                {t("cod.returned.none")}
              </Text>
            </div>
          ) : (
            <IndexTable
              resourceName={{ singular: t("cod.parcel.singular"), plural: t("cod.parcel.plural") }}
              itemCount={data.returned.length}
              selectable={false}
              headings={[
                { title: t("list.columns.order") },
                { title: t("list.columns.courier") },
                { title: t("list.columns.waybill") },
                { title: t("cod.columns.where") },
                { title: t("cod.columns.notCollected") },
                { title: t("cod.columns.shippingLost") },
                { title: t("cod.columns.backOn") },
              ]}
            >
              {data.returned.map((p, i) => (
                <IndexTable.Row id={p.id} key={p.id} position={i}>
                  <IndexTable.Cell>
                    <Link to={`/app/shipments/${p.id}`}>{p.order}</Link>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{p.courier}</IndexTable.Cell>
                  <IndexTable.Cell>{p.waybill}</IndexTable.Cell>
                  <IndexTable.Cell>{p.state}</IndexTable.Cell>
                  <IndexTable.Cell>{p.cod}</IndexTable.Cell>
                  <IndexTable.Cell>{p.shipping}</IndexTable.Cell>
                  <IndexTable.Cell>{p.at}</IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
        <InlineHint />
      </BlockStack>
    </Page>
  );
}

function InlineHint() {
  const { t } = useTranslation();
  return (
    <Text as="p" tone="subdued">
      {t("cod.hint")}
    </Text>
  );
}
