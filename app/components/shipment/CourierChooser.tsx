import { BlockStack, Button, Card, Select } from "@shopify/polaris";
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
 * The services on offer for the draft (or, with no draft yet, for the shipment), the first
 * chosen; the record of the one chosen is said under it.
 */
export function CourierChooser({
  rates,
  drafted,
  recordDays,
  busy,
}: {
  rates: CourierRate[];
  drafted: boolean;
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
