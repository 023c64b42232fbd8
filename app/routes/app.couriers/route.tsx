import { useLoaderData, useNavigate } from "@remix-run/react";
import { BlockStack, IndexTable, InlineGrid, Page, Select, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { CourierCharts } from "../../couriers/CourierCharts";
import { TableCard } from "../../ui/TableCard";
import { pageTitle } from "../../i18n/page-title";
import type { loader } from "./loader.server";

export { loader } from "./loader.server";

export const meta = pageTitle((t) => t("couriers.title"));

/**
 * Which courier delivers, from the shop's own parcels: each service's first-attempt and return
 * rates and its days from pickup to delivery as charts, then each service per destination
 * province (or city) with every figure and the parcels behind it.
 */
export default function CourierPerformance() {
  const navigate = useNavigate();
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const go = (days: number, by: string) => navigate(`/app/couriers?days=${days}&by=${by}`);
  return (
    <Page
      title={t("couriers.title")}
      subtitle={t("couriers.subtitle", { count: data.days })}
      backAction={{ content: t("nav.shipments"), onAction: () => navigate("/app") }}
      secondaryActions={[
        { content: t("courierRules.link"), onAction: () => navigate("/app/courier-rules") },
      ]}
    >
      <BlockStack gap="400">
        <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
          <Select
            label={t("couriers.period")}
            options={data.periods.map((days) => ({
              label: t("couriers.lastDays", { count: days }),
              value: String(days),
            }))}
            value={String(data.days)}
            onChange={(value) => go(Number(value), data.by)}
          />
          <Select
            label={t("couriers.level")}
            options={[
              { label: t("couriers.byProvince"), value: "province" },
              { label: t("couriers.byCity"), value: "city" },
            ]}
            value={data.by}
            onChange={(value) => go(data.days, value)}
          />
        </InlineGrid>
        <CourierCharts {...data.charts} />
        <TableCard
          title={t("couriers.table.title")}
          about={t("couriers.about", { min: data.min })}
          empty={data.lanes.length === 0 ? t("couriers.none") : null}
        >
          <IndexTable
            resourceName={{ singular: t("cod.parcel.singular"), plural: t("cod.parcel.plural") }}
            itemCount={data.lanes.length}
            selectable={false}
            headings={[
              { title: t("couriers.columns.service") },
              { title: t("couriers.columns.firstAttempt") },
              { title: t("couriers.columns.returned") },
              { title: t("couriers.columns.days") },
              { title: t("couriers.columns.averagePrice") },
              { title: t("couriers.columns.codShare") },
            ]}
          >
            {data.lanes.map((l, i) => (
              <IndexTable.Row id={l.key} key={l.key} position={i}>
                <IndexTable.Cell>
                  <div style={{ whiteSpace: "normal", maxWidth: "11rem" }}>
                    <BlockStack gap="050">
                      <Text as="span" fontWeight="semibold">
                        {l.service}
                      </Text>
                      <Text as="span">{l.destination}</Text>
                      <Text as="span" tone="subdued">
                        {l.parcels}
                      </Text>
                    </BlockStack>
                  </div>
                </IndexTable.Cell>
                {[l.firstAttempt, l.returned, l.days, l.averagePrice, l.codShare].map((f, j) => (
                  <IndexTable.Cell key={j}>
                    {/* Wrapped within the column: the table fits the page, phones included. */}
                    <div style={{ whiteSpace: "normal", maxWidth: "9rem" }}>
                      <BlockStack gap="050">
                        <Text as="span">{f.value}</Text>
                        <Text as="span" tone="subdued">
                          {f.basis}
                        </Text>
                      </BlockStack>
                    </div>
                  </IndexTable.Cell>
                ))}
              </IndexTable.Row>
            ))}
          </IndexTable>
        </TableCard>
      </BlockStack>
    </Page>
  );
}
