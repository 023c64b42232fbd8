import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { ParcelWords } from "../../shipments/parcel-words";

/**
 * What ships, before and after the booking: the items with their quantities and weights, the
 * actual and volumetric weight, the value and insurance, the COD, the recipient with their phone,
 * and where it leaves from.
 */
export function ParcelCard({
  parcel,
  recipient,
  origin,
}: {
  parcel: ParcelWords | null;
  recipient: { name: string | null; phone: string | null; address: string | null } | null;
  origin: string;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("shipment.parcel.title")}
        </Text>
        {parcel && (
          <>
            <BlockStack as="ul" gap="100">
              {parcel.lines.map((line, i) => (
                <li key={i}>
                  <Text as="span">{line}</Text>
                </li>
              ))}
            </BlockStack>
            <Text as="p">{parcel.weight}</Text>
            {parcel.weightWhy && (
              <Text as="p" tone="subdued">
                {parcel.weightWhy}
              </Text>
            )}
            {parcel.value && <Text as="p">{parcel.value}</Text>}
            <Text as="p">{parcel.insurance}</Text>
            <Text as="p">{parcel.cod}</Text>
          </>
        )}
        <Text as="h3" variant="headingSm">
          {t("shipment.parcel.recipient")}
        </Text>
        {recipient ? (
          <BlockStack gap="050">
            <Text as="p">{recipient.name ?? "—"}</Text>
            {recipient.phone ? (
              <Text as="p">{recipient.phone}</Text>
            ) : (
              <Text as="p" tone="critical">
                {t("shipment.parcel.noPhone")}
              </Text>
            )}
            <Text as="p">{recipient.address ?? t("shipment.noAddress")}</Text>
          </BlockStack>
        ) : (
          <Text as="p">{t("shipment.redacted")}</Text>
        )}
        <Text as="h3" variant="headingSm">
          {t("shipment.parcel.from")}
        </Text>
        <Text as="p">{origin}</Text>
      </BlockStack>
    </Card>
  );
}
