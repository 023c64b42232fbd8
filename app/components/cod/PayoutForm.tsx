import { Form, useNavigation } from "@remix-run/react";
import { BlockStack, Button, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export interface DueCourier {
  code: string;
  name: string;
  parcels: number;
  expected: string;
  /** Whole rupiah, the form's default amount. */
  amount: string;
}

/**
 * Recording a payout that reached the merchant's bank account: the courier (those with cash due),
 * the day (today by default, never later) and the amount (what is due from that courier, to be
 * corrected to what arrived). The server matches the parcels it covers.
 */
export function PayoutForm({ couriers, today }: { couriers: DueCourier[]; today: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "record";
  const [courier, setCourier] = useState(couriers[0]?.code ?? "");
  const chosen = couriers.find((c) => c.code === courier);
  const [amount, setAmount] = useState(chosen?.amount ?? "");
  const [day, setDay] = useState(today);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("cod.record.title")}
        </Text>
        {couriers.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("cod.record.nothingDue")}
          </Text>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="record" />
            <BlockStack gap="300">
              <Text as="p" tone="subdued">
                {t("cod.record.body")}
              </Text>
              <FormLayout>
                <FormLayout.Group>
                  <Select
                    label={t("cod.record.courier")}
                    name="courier"
                    options={couriers.map((c) => ({ label: c.name, value: c.code }))}
                    value={courier}
                    onChange={(code) => {
                      setCourier(code);
                      setAmount(couriers.find((c) => c.code === code)?.amount ?? "");
                    }}
                  />
                  <TextField
                    label={t("cod.record.date")}
                    name="receivedOn"
                    type="date"
                    max={today}
                    value={day}
                    onChange={setDay}
                    autoComplete="off"
                  />
                  <TextField
                    label={t("cod.record.amount")}
                    name="amount"
                    inputMode="numeric"
                    value={amount}
                    onChange={setAmount}
                    autoComplete="off"
                    helpText={
                      chosen
                        ? t("cod.record.amountHelp", {
                            expected: chosen.expected,
                            count: chosen.parcels,
                          })
                        : undefined
                    }
                  />
                </FormLayout.Group>
              </FormLayout>
              <div>
                <Button submit variant="primary" loading={sending}>
                  {t("cod.record.submit")}
                </Button>
              </div>
            </BlockStack>
          </Form>
        )}
      </BlockStack>
    </Card>
  );
}
