import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { Banner, BlockStack, IndexTable, InlineGrid, Page, Select, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { CostTotalsTable } from "../../costs/CostTotalsTable";
import { CostSummary } from "../../costs/CostSummary";
import { TableCard } from "../../ui/TableCard";
import { useCsvDownload } from "../../ui/useCsvDownload";
import { pageTitle } from "../../i18n/page-title";
import type { loader } from "./loader.server";

export { loader } from "./loader.server";

export const meta = pageTitle((t) => t("costs.title"));

/**
 * What shipping really cost the shop: what customers paid for it against what the service
 * charged (re-weighs and return fees in it), the parcels charged more than quoted, and the totals
 * by courier and by week; the parcels as CSV.
 */
export default function ShippingCosts() {
  const navigate = useNavigate();
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const csv = useCsvDownload(`/app/costs.csv?days=${data.days}`, t("costs.fileName"));
  return (
    <Page
      title={t("costs.title")}
      subtitle={t("costs.subtitle", { count: data.days })}
      backAction={{ content: t("nav.shipments"), onAction: () => navigate("/app") }}
      primaryAction={{ content: t("costs.export"), onAction: () => void csv.download() }}
    >
      <BlockStack gap="400">
        {csv.failedWith !== null && (
          <Banner tone={csv.failedWith === 429 ? "warning" : "critical"}>
            {csv.failedWith === 429
              ? t("csv.busy")
              : t("costs.exportFailed", { status: csv.failedWith })}
          </Banner>
        )}
        <InlineGrid columns={{ xs: 1, md: "1fr 2fr" }} gap="400">
          <Select
            label={t("costs.period")}
            options={data.periods.map((days) => ({
              label: t("costs.lastDays", { count: days }),
              value: String(days),
            }))}
            value={String(data.days)}
            onChange={(value) => navigate(`/app/costs?days=${value}`)}
          />
        </InlineGrid>
        <CostSummary totals={data.totals} />
        <TableCard
          title={t("costs.surcharged.title")}
          about={t("costs.surcharged.about")}
          empty={data.surcharged.length === 0 ? t("costs.surcharged.none") : null}
        >
          <IndexTable
            resourceName={{ singular: t("cod.parcel.singular"), plural: t("cod.parcel.plural") }}
            itemCount={data.surcharged.length}
            selectable={false}
            headings={[
              { title: t("list.columns.order") },
              { title: t("list.columns.courier") },
              { title: t("costs.columns.quoted") },
              { title: t("costs.columns.final") },
              { title: t("costs.columns.rise") },
              { title: t("costs.columns.declared") },
              { title: t("costs.columns.implied") },
            ]}
          >
            {data.surcharged.map((p, i) => (
              <IndexTable.Row id={p.id} key={p.id} position={i}>
                <IndexTable.Cell>
                  <Link to={`/app/shipments/${p.id}`}>{p.order}</Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{p.courier}</IndexTable.Cell>
                <IndexTable.Cell>{p.quoted}</IndexTable.Cell>
                <IndexTable.Cell>{p.final}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" tone="critical">
                    {p.rise}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{p.declared}</IndexTable.Cell>
                <IndexTable.Cell>{p.implied}</IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        </TableCard>
        <CostTotalsTable
          title={t("costs.byCourier")}
          firstColumn={t("list.columns.courier")}
          rows={data.byCourier}
        />
        <CostTotalsTable
          title={t("costs.byWeek")}
          firstColumn={t("costs.columns.week")}
          rows={data.byWeek}
        />
        <Text as="p" tone="subdued">
          {t("costs.hint")}
        </Text>
      </BlockStack>
    </Page>
  );
}
