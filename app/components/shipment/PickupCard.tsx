import { BlockStack, Button, Card, InlineStack, Select, Text } from "@shopify/polaris";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PickupChoice } from "../../shipments/pickup-words";

/**
 * When the courier collects this parcel, until it is booked (app/shipments/pickup-words.ts): the
 * current choice in words, a day and an hour (WIB) still open, and "now" back when a slot is set.
 */
export function PickupCard({ pickup, busy }: { pickup: PickupChoice; busy: boolean }) {
  const { t } = useTranslation();
  const [day, setDay] = useState(pickup.chosen?.date ?? pickup.days[0]?.value ?? "");
  const times = pickup.times[day] ?? [];
  const [time, setTime] = useState(pickup.chosen?.time ?? times[0]?.value ?? "");
  const chooseDay = (next: string) => {
    setDay(next);
    const open = pickup.times[next] ?? [];
    if (!open.some((o) => o.value === time)) setTime(open[0]?.value ?? "");
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("shipment.pickup.title")}
        </Text>
        <Text as="p">{pickup.current}</Text>
        {pickup.days.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("shipment.pickup.none")}
          </Text>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="pickup" />
            <BlockStack gap="200">
              <InlineStack gap="300" wrap>
                <Select
                  label={t("shipment.pickup.day")}
                  name="pickupDay"
                  options={pickup.days}
                  value={day}
                  onChange={chooseDay}
                />
                <Select
                  label={t("shipment.pickup.hour")}
                  name="pickupTime"
                  options={times}
                  value={time}
                  onChange={setTime}
                />
              </InlineStack>
              <InlineStack>
                <Button submit loading={busy}>
                  {t("shipment.pickup.save")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        )}
        {pickup.chosen && (
          <Form method="post">
            <input type="hidden" name="intent" value="pickup_now" />
            <Button submit variant="plain" loading={busy}>
              {t("shipment.pickup.now")}
            </Button>
          </Form>
        )}
      </BlockStack>
    </Card>
  );
}
