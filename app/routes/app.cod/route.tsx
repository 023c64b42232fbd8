import { Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { Banner, BlockStack, Card, EmptyState, IndexTable, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { CodHeadline } from "../../cod/CodHeadline";
import { PayoutForm } from "../../cod/PayoutForm";
import { RecordedList } from "../../cod/RecordedList";
import { DisputeList } from "../../cod/DisputeList";
import { MoneySettings } from "../../cod/MoneySettings";
import { StatementImport } from "../../cod/StatementImport";
import { KeyboardScroll } from "../../ui/KeyboardScroll";
import { TableCard } from "../../ui/TableCard";
import { useCsvDownload } from "../../ui/useCsvDownload";
import { pageTitle } from "../../i18n/page-title";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

export { loader } from "./loader.server";
export { action } from "./action.server";

export const meta = pageTitle((t) => t("cod.title"));

/**
 * The couriers' cash on delivery for the shop: what they hold (due and late counted), payout
 * statements imported and matched parcel by parcel, the disputes made of them, week by week with
 * the service's fees and the net, payouts recorded as received, what came back, and the COD fee
 * and daily summary settings.
 */
export default function CashOnDelivery() {
  const navigate = useNavigate();
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const csv = useCsvDownload("/app/cod.csv", t("cod.fileName"));
  return (
    <Page
      title={t("cod.title")}
      subtitle={t("cod.subtitle", { days: data.days })}
      backAction={{ content: t("nav.shipments"), onAction: () => navigate("/app") }}
      primaryAction={{ content: t("cod.export"), onAction: () => void csv.download() }}
    >
      <BlockStack gap="400">
        {csv.failedWith !== null && (
          <Banner tone={csv.failedWith === 429 ? "warning" : "critical"}>
            {csv.failedWith === 429
              ? t("csv.busy")
              : t("cod.exportFailed", { status: csv.failedWith })}
          </Banner>
        )}
        {result && <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>}
        <CodHeadline
          held={data.held}
          due={data.due}
          overdue={data.overdue}
          overdueDays={data.overdueDays}
          received={data.received}
          lost={data.lost}
        />
        <StatementImport
          today={data.today}
          answer={result && ("reasons" in result || "columns" in result) ? result : null}
        />
        <RecordedList
          title={t("codMoney.statements.title")}
          none={t("codMoney.statements.none")}
          lines={data.statements}
          removeIntent="removeStatement"
          removeLabel={t("codMoney.statements.remove")}
          open={{
            label: t("codMoney.statements.open"),
            href: (id) => `/app/cod/statements/${id}`,
          }}
        />
        <DisputeList disputes={data.disputes} states={data.disputeStates} />
        <PayoutForm
          key={data.today}
          couriers={data.couriers}
          today={data.today}
          answer={result ?? null}
        />
        <Card padding="0">
          {data.weeks.length === 0 ? (
            <EmptyState heading={t("cod.empty.title")} image="">
              <p>{t("cod.empty.body")}</p>
            </EmptyState>
          ) : (
            <KeyboardScroll label={t("cod.byWeek")}>
              <IndexTable
                resourceName={{ singular: t("cod.week.singular"), plural: t("cod.week.plural") }}
                itemCount={data.weeks.length}
                selectable={false}
                headings={[
                  { title: t("list.columns.courier") },
                  { title: t("cod.columns.week") },
                  { title: t("cod.columns.parcels") },
                  { title: t("cod.columns.collected") },
                  { title: t("cod.columns.fee") },
                  { title: t("cod.columns.net") },
                  { title: t("cod.columns.payout") },
                ]}
              >
                {data.weeks.map((w, i) => (
                  <IndexTable.Row id={w.key} key={w.key} position={i}>
                    <IndexTable.Cell>{w.courier}</IndexTable.Cell>
                    <IndexTable.Cell>{w.week}</IndexTable.Cell>
                    <IndexTable.Cell>{w.parcels}</IndexTable.Cell>
                    <IndexTable.Cell>{w.amount}</IndexTable.Cell>
                    <IndexTable.Cell>{w.fees}</IndexTable.Cell>
                    <IndexTable.Cell>{w.net}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <div style={{ whiteSpace: "normal", maxWidth: "24rem" }}>
                        <Text as="span" tone={w.tone}>
                          {w.payout}
                        </Text>
                      </div>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
            </KeyboardScroll>
          )}
        </Card>
        <RecordedList
          title={t("cod.payouts.title")}
          none={t("cod.payouts.none")}
          lines={data.payouts}
          removeIntent="remove"
          removeLabel={t("cod.payouts.remove")}
        />
        <TableCard
          title={t("cod.returned.title")}
          empty={data.returned.length === 0 ? t("cod.returned.none") : null}
        >
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
        </TableCard>
        <MoneySettings key={JSON.stringify(data.moneySettings)} settings={data.moneySettings} />
        <Text as="p" tone="subdued">
          {t("cod.hint")}
        </Text>
      </BlockStack>
    </Page>
  );
}
