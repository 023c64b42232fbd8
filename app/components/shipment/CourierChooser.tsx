import { BlockStack, Button, Card, Select, Text } from "@shopify/polaris";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** A courier service on offer for the parcel, with the shop's own record for its destination. */
export interface CourierRate {
  company: string;
  type: string;
  label: string;
  /** The service's record for this destination, in words; null with no parcel there yet. */
  record: string | null;
}

/**
 * The services on offer for the draft (or, with no draft yet, those that can carry the parcel,
 * priced by the service's rates), the first chosen; the record of the one chosen is said under
 * it. A shipment that cannot be priced yet lists every service, saying why there is no price.
 */
export function CourierChooser({
  rates,
  drafted,
  recordDays,
  busy,
  unpriced,
}: {
  rates: CourierRate[];
  drafted: boolean;
  /** Why the services carry no price (a shipment whose draft could not be made, and cannot be priced). */
  unpriced: string | null;
  recordDays: number;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const key = (r: CourierRate) => `${r.company}/${r.type}`;
  const [courier, setCourier] = useState(rates[0] ? key(rates[0]) : "");
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" value="courier" />
        <BlockStack gap="200">
          {unpriced && (
            <Text as="p" tone="subdued">
              {unpriced}
            </Text>
          )}
          <Select
            label={drafted ? t("shipment.chooser.draft") : t("shipment.chooser.shipment")}
            name="courier"
            options={rates.map((r) => ({ label: r.label, value: key(r) }))}
            value={courier}
            onChange={setCourier}
            helpText={
              rates.some((r) => r.record)
                ? (rates.find((r) => key(r) === courier)?.record ??
                  t("couriers.record.noHistory", { days: recordDays }))
                : undefined
            }
          />
          <Button submit loading={busy}>
            {t("shipment.chooser.use")}
          </Button>
        </BlockStack>
      </Form>
    </Card>
  );
}
