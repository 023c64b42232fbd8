import { useNavigation } from "@remix-run/react";
import { BlockStack, Button, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UnsavedForm } from "../ui/unsaved/UnsavedForm";

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
 * corrected to what arrived). The server matches the parcels it covers. A changed field is held by
 * the admin's save bar until the payout is recorded or the change discarded.
 */
export function PayoutForm({
  couriers,
  today,
  answer,
}: {
  couriers: DueCourier[];
  today: string;
  /** The page's answer to its last form sent. */
  answer: { ok: boolean } | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "record";
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
          <UnsavedForm
            id="codPayout"
            method="post"
            answer={answer}
            busy={navigation.state !== "idle"}
          >
            <PayoutFields couriers={couriers} today={today} sending={sending} />
          </UnsavedForm>
        )}
      </BlockStack>
    </Card>
  );
}

/** The payout's fields, their defaults what is due (drawn afresh on Discard and once recorded). */
function PayoutFields({
  couriers,
  today,
  sending,
}: {
  couriers: DueCourier[];
  today: string;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const [courier, setCourier] = useState(couriers[0]?.code ?? "");
  const chosen = couriers.find((c) => c.code === courier);
  const [amount, setAmount] = useState(chosen?.amount ?? "");
  const [day, setDay] = useState(today);
  return (
    <>
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
    </>
  );
}
