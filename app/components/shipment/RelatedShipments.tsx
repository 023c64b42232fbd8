import { Button, InlineStack, Text } from "@shopify/polaris";
import { useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The order's other shipments (one per location it ships from) and this shipment's other
 * attempts, each a link to its own page; nothing when there is only this one.
 */
export function RelatedShipments({
  shipment,
  parts,
  history,
}: {
  shipment: { id: string; part: number; attempt: number; shopifyLocationName: string | null };
  parts: { id: string; part: number; location: string | null; status: string }[];
  history: { id: string; attempt: number; status: string }[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      {parts.length > 1 && (
        <InlineStack gap="200" blockAlign="center">
          <Text as="span">
            {shipment.shopifyLocationName
              ? t("shipment.partAt", {
                  part: shipment.part,
                  count: parts.length,
                  location: shipment.shopifyLocationName,
                })
              : t("shipment.part", { part: shipment.part, count: parts.length })}
          </Text>
          {parts
            .filter((p) => p.part !== shipment.part)
            .map((p) => (
              <Button key={p.id} variant="plain" onClick={() => navigate(`/app/shipments/${p.id}`)}>
                {p.location
                  ? t("shipment.otherPartAt", { ...p })
                  : t("shipment.otherPart", { ...p })}
              </Button>
            ))}
        </InlineStack>
      )}
      {history.length > 1 && (
        <InlineStack gap="200" blockAlign="center">
          <Text as="span">
            {t("shipment.attempts", { attempt: shipment.attempt, count: history.length })}
          </Text>
          {history
            .filter((h) => h.id !== shipment.id)
            .map((h) => (
              <Button key={h.id} variant="plain" onClick={() => navigate(`/app/shipments/${h.id}`)}>
                {t("shipment.otherAttempt", { attempt: h.attempt, status: h.status })}
              </Button>
            ))}
        </InlineStack>
      )}
    </>
  );
}
