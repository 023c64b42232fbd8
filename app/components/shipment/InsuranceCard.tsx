import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { InsuranceView } from "../../shipments/insurance-words.server";
import { PostButton } from "./PostButton";

/**
 * A parcel's insurance until it is booked (app/shipments/insurance-words.server.ts): insured or
 * not and why, the premium the service charges with the chosen courier, and the choice: insure
 * this parcel, no insurance, or the shop's rule. Each choice updates the draft at once.
 */
export function InsuranceCard({ insurance }: { insurance: InsuranceView }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("shipment.insurance.title")}
        </Text>
        <BlockStack gap="100">
          <Text as="p">{insurance.state}</Text>
          <Text as="p" tone="subdued">
            {insurance.basis}
          </Text>
          <Text as="p" tone="subdued">
            {insurance.premium}
          </Text>
        </BlockStack>
        <InlineStack gap="200">
          {insurance.choice !== "on" && insurance.available && (
            <PostButton intent="insurance_on" label={t("shipment.insurance.on")} />
          )}
          {insurance.choice !== "off" && (
            <PostButton intent="insurance_off" label={t("shipment.insurance.off")} />
          )}
          {insurance.choice !== null && (
            <PostButton intent="insurance_rule" label={t("shipment.insurance.rule")} />
          )}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
