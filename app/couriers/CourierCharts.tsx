import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
  type ChartOptions,
} from "chart.js";
import { BlockStack, Card, InlineGrid, Text } from "@shopify/polaris";
import { Bar } from "react-chartjs-2";
import { useTranslation } from "react-i18next";

// Only what a horizontal bar chart needs (Chart.js is tree-shaken to these).
ChartJS.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface ChartSeries {
  name: string;
  /** Each bar: its service, its value, and the value as the page writes it. */
  data: { key: string; value: number; text: string }[];
}

/** Polaris's colours: success and critical for the rates, two blues for the times. */
const COLOURS = { rates: ["#29845a", "#e51c00"], days: ["#005bd3", "#91d0ff"] };

/**
 * The couriers page's two charts (Chart.js on a canvas): each service's first-attempt and return
 * rates, and its days from pickup to delivery. Each canvas is one image to a screen reader,
 * labelled with every figure it draws; the table under the charts says them too, with the parcels
 * behind each. Drawn in the browser (the server sends the empty canvas).
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
  const chart = (title: string, series: ChartSeries[], colours: string[], unit: string) => {
    const keys = series[0]!.data.map((d) => d.key);
    // What the canvas shows, said in full: "JNE REG: Sampai … 91%, Kembali … 5%; …".
    const described = keys
      .map((key, i) => `${key}: ${series.map((s) => `${s.name} ${s.data[i]!.text}`).join(", ")}`)
      .join("; ");
    const options: ChartOptions<"bar"> = {
      indexAxis: "y",
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { position: "bottom" },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label ?? ""}: ${series[item.datasetIndex]!.data[item.dataIndex]!.text}`,
          },
        },
      },
      scales: { x: { beginAtZero: true, ticks: { callback: (v) => `${v}${unit}` } } },
    };
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          {keys.length === 0 ? (
            <Text as="p" tone="subdued">
              {t("couriers.chart.empty")}
            </Text>
          ) : (
            <div style={{ position: "relative", height: 90 + keys.length * 44 }}>
              <Bar
                role="img"
                aria-label={`${title}. ${described}`}
                fallbackContent={described}
                options={options}
                data={{
                  labels: keys,
                  datasets: series.map((s, i) => ({
                    label: s.name,
                    data: s.data.map((d) => d.value),
                    backgroundColor: colours[i],
                  })),
                }}
              />
            </div>
          )}
        </BlockStack>
      </Card>
    );
  };
  return (
    <BlockStack gap="200">
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
        {chart(t("couriers.chart.ratesTitle"), rates, COLOURS.rates, "%")}
        {chart(t("couriers.chart.daysTitle"), days, COLOURS.days, "")}
      </InlineGrid>
      {left > 0 && (
        <Text as="p" tone="subdued">
          {t("couriers.chart.left", { count: left })}
        </Text>
      )}
    </BlockStack>
  );
}
