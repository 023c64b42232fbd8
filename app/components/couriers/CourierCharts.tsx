import { BarChart, PolarisVizProvider } from "@shopify/polaris-viz";
import { BlockStack, Card, InlineGrid, Text } from "@shopify/polaris";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

const noChanges = () => () => {};

export interface ChartSeries {
  name: string;
  data: { key: string; value: number }[];
}

/**
 * The couriers page's two charts (Shopify's polaris-viz): each service's first-attempt and return
 * rates, and its days from pickup to delivery. Drawn in the browser only (the library measures
 * the page as it draws); the table under them says the same figures in words for everyone.
 */
export function CourierCharts({
  rates,
  days,
  left,
}: {
  rates: ChartSeries[];
  days: ChartSeries[];
  left: number;
}) {
  const { t } = useTranslation();
  // False on the server and while the page hydrates, true in the browser from then on.
  const drawn = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const chart = (title: string, data: ChartSeries[], suffix: string) => (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {data[0]!.data.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("couriers.chart.empty")}
          </Text>
        ) : (
          <div style={{ height: 80 + data[0]!.data.length * 56 }} role="img" aria-label={title}>
            {drawn && (
              <BarChart
                data={data}
                direction="horizontal"
                theme="Light"
                showLegend
                xAxisOptions={{ labelFormatter: (v) => `${String(v)}${suffix}` }}
              />
            )}
          </div>
        )}
      </BlockStack>
    </Card>
  );
  return (
    <PolarisVizProvider>
      <BlockStack gap="200">
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          {chart(t("couriers.chart.ratesTitle"), rates, "%")}
          {chart(t("couriers.chart.daysTitle"), days, "")}
        </InlineGrid>
        {left > 0 && (
          <Text as="p" tone="subdued">
            {t("couriers.chart.left", { count: left })}
          </Text>
        )}
      </BlockStack>
    </PolarisVizProvider>
  );
}
