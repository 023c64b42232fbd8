import { BlockStack, Card, InlineGrid, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { totalsWords } from "./words";
import { marginTone } from "./margin-tone";

type Totals = ReturnType<typeof totalsWords>;

/** One figure with its label, and what it is made of. */
function Figure({
  label,
  value,
  note,
  tone,
}: {
  label: string;
  value: string;
  note?: string;
  tone?: "critical" | "success";
}) {
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg" tone={tone}>
        {value}
      </Text>
      {note && (
        <Text as="p" tone="subdued">
          {note}
        </Text>
      )}
    </BlockStack>
  );
}

/**
 * The period's shipping money at a glance: what customers paid for shipping, what the service
 * charged, the difference in plain words, and what the service's charge is made of.
 */
export function CostSummary({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("costs.summary", { count: totals.parcels })}
        </Text>
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="400">
          <Figure
            label={t("costs.charged")}
            value={totals.charged}
            note={
              totals.chargedParcels < totals.parcels
                ? t("costs.chargedKnown", { count: totals.chargedParcels, total: totals.parcels })
                : undefined
            }
          />
          <Figure label={t("costs.paid")} value={totals.paid} />
          <Figure
            label={t("costs.margin")}
            value={totals.margin}
            note={t(totals.marginSign < 0 ? "costs.marginLoss" : "costs.marginGain", {
              amount: totals.marginAmount,
            })}
            tone={marginTone(totals.marginSign)}
          />
        </InlineGrid>
        <InlineGrid columns={{ xs: 1, sm: 2, md: 5 }} gap="400">
          <Figure label={t("costs.quoted")} value={totals.quoted} />
          <Figure
            label={t("costs.surcharges")}
            value={totals.surcharges}
            note={t("costs.parcelCount", { count: totals.surcharged })}
          />
          <Figure
            label={t("costs.returnFees")}
            value={totals.returnFees}
            note={t("costs.parcelCount", { count: totals.returned })}
          />
          <Figure label={t("costs.codFees")} value={totals.codFees} />
          <Figure label={t("costs.insuranceFees")} value={totals.insuranceFees} />
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
