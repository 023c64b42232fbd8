import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

type Sum = { parcels: number; amount: string };

/**
 * What the couriers hold of the shop's cash, said first: the amount, the fees and the net, then
 * what is due and what is late (each counted), what was received, and what came back unpaid.
 */
export function CodHeadline({
  held,
  due,
  overdue,
  overdueDays,
  received,
  lost,
}: {
  /** `fees` null when the service stated none for these parcels (nothing to take off). */
  held: Sum & { fees: string | null; net: string };
  due: Sum;
  overdue: Sum;
  overdueDays: number;
  received: Sum;
  lost: { parcels: number; cod: string; shipping: string };
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingLg">
          {t("cod.held", { amount: held.amount })}
        </Text>
        <Text as="p">
          {t("cod.heldDetail", { count: held.parcels })}
          {held.fees ? ` ${t("cod.heldFees", { fees: held.fees, net: held.net })}` : ""}
        </Text>
        {overdue.parcels > 0 && (
          <Text as="p" tone="critical" fontWeight="semibold">
            {t("cod.overdueHeadline", {
              amount: overdue.amount,
              count: overdue.parcels,
              days: overdueDays,
            })}
          </Text>
        )}
        {due.parcels > 0 && (
          <Text as="p" tone="caution">
            {t("cod.dueHeadline", { amount: due.amount, count: due.parcels })}
          </Text>
        )}
        {received.parcels > 0 && (
          <Text as="p" tone="success">
            {t("cod.receivedHeadline", { amount: received.amount, count: received.parcels })}
          </Text>
        )}
        {lost.parcels > 0 && (
          <Text as="p" tone="subdued">
            {t("cod.lostDetail", { count: lost.parcels, cod: lost.cod, shipping: lost.shipping })}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
