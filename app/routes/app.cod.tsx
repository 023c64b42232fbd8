import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { Banner, BlockStack, Card, EmptyState, IndexTable, Page, Text } from "@shopify/polaris";
import { useState } from "react";
import { db } from "../db/index.server";
import { codReport } from "../shipments/cod-report.server";
import { courierName, formatMoney, localeOf, orderTitle } from "../shipments/wording";
import { getShopSettings } from "../shops/shops.server";
import { authenticate } from "../shopify.server";

/** Dates on this page: the day in Western Indonesian Time, the service's zone ("23 Nov 2026"). */
const day = (at: Date | string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Jakarta",
  }).format(new Date(at));

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(db, session.shop);
  const report = await codReport(db, session.shop, settings.codType);
  const locale = localeOf(request.headers.get("accept-language"));
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
      courier: w.courier,
      week: day(`${w.week}T00:00:00+07:00`, locale),
      parcels: w.parcels,
      amount: money(w.amount),
      payout: `${w.due ? "Due since" : "Expected by"} ${day(w.payoutBy, locale)}`,
      due: w.due,
    })),
    returned: report.returned.map((p) => ({
      id: p.id,
      order: orderTitle(p),
      courier: courierName(p.courierCompany, p.courierType) ?? "—",
      waybill: p.waybillId ?? "—",
      state: p.status === "return_in_transit" ? "Coming back to you" : "Back with you",
      cod: money(p.cod),
      shipping: p.shippingCost === null ? "—" : money(p.shippingCost),
      at: p.at ? day(p.at, locale) : "on its way",
    })),
  };
};

/** The couriers' cash on delivery for the shop: what they hold, when it is paid out, what came back. */
export default function CashOnDelivery() {
  const navigate = useNavigate();
  const data = useLoaderData<typeof loader>();
  const [exportError, setExportError] = useState<string | null>(null);
  // The CSV is fetched (App Bridge adds the session token to the app's own fetches), then saved.
  const download = async () => {
    setExportError(null);
    const response = await fetch("/app/cod.csv");
    if (!response.ok) {
      setExportError(`The export failed (HTTP ${response.status}); try again`);
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = `cash-on-delivery-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Page
      title="Cash on delivery"
      subtitle={`The last ${data.days} days`}
      backAction={{ content: "Shipments", onAction: () => navigate("/app") }}
      primaryAction={{ content: "Export CSV", onAction: () => void download() }}
    >
      <BlockStack gap="400">
        {exportError && <Banner tone="critical">{exportError}</Banner>}
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {`The couriers hold ${data.held.amount} for you`}
            </Text>
            <Text as="p" tone="subdued">
              {`Cash collected on ${data.held.parcels} delivered parcel${data.held.parcels === 1 ? "" : "s"} that the shipping service has not paid out yet, by its payout window (days after each delivery). ${data.lost.parcels} cash-on-delivery parcel${data.lost.parcels === 1 ? "" : "s"} came back uncollected: ${data.lost.cod} not collected, ${data.lost.shipping} paid in shipping.`}
            </Text>
          </BlockStack>
        </Card>
        <Card padding="0">
          {data.weeks.length === 0 ? (
            <EmptyState heading="No cash on delivery collected yet" image="">
              <p>Delivered cash-on-delivery parcels show here, by courier and week.</p>
            </EmptyState>
          ) : (
            <IndexTable
              resourceName={{ singular: "week", plural: "weeks" }}
              itemCount={data.weeks.length}
              selectable={false}
              headings={[
                { title: "Courier" },
                { title: "Week of" },
                { title: "Parcels" },
                { title: "Collected" },
                { title: "Payout" },
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
              Came back uncollected
            </Text>
          </div>
          {data.returned.length === 0 ? (
            <div style={{ padding: "0 16px 16px" }}>
              <Text as="p" tone="subdued">
                No cash-on-delivery parcel came back.
              </Text>
            </div>
          ) : (
            <IndexTable
              resourceName={{ singular: "parcel", plural: "parcels" }}
              itemCount={data.returned.length}
              selectable={false}
              headings={[
                { title: "Order" },
                { title: "Courier" },
                { title: "Waybill" },
                { title: "Where" },
                { title: "Not collected" },
                { title: "Shipping lost" },
                { title: "Back on" },
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
  return (
    <Text as="p" tone="subdued">
      Payout dates follow the disbursement window each parcel was booked with (3, 5 or 7 days after
      delivery; set in Settings). The app does not see the service&apos;s payouts themselves:
      compare the export with the service&apos;s disbursement report.
    </Text>
  );
}
