import { Form, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFileDownload } from "../ui/useCsvDownload";

export interface DisputeLine {
  id: string;
  number: number;
  state: string;
  line: string;
  age: string;
}

/**
 * The shop's disputes, newest first: what each asks, how old it is and its state (sent, answered,
 * paid, written off), moved on by the merchant; each packet downloaded as PDF or CSV.
 */
export function DisputeList({
  disputes,
  states,
}: {
  disputes: DisputeLine[];
  states: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("codMoney.disputes.title")}
        </Text>
        {disputes.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("codMoney.disputes.none")}
          </Text>
        ) : (
          disputes.map((d) => <DisputeRow key={d.id} dispute={d} states={states} />)
        )}
      </BlockStack>
    </Card>
  );
}

function DisputeRow({
  dispute,
  states,
}: {
  dispute: DisputeLine;
  states: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [state, setState] = useState(dispute.state);
  const name = `${t("codMoney.packet.fileName")}-${dispute.number}`;
  const pdf = useFileDownload(`/app/cod/disputes/${dispute.id}.pdf`, name, "pdf");
  const csv = useFileDownload(`/app/cod/disputes/${dispute.id}.csv`, name, "csv");
  const failed = pdf.failedWith ?? csv.failedWith;
  const saving =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "disputeState" &&
    navigation.formData.get("id") === dispute.id;
  return (
    <BlockStack gap="200">
      <InlineStack gap="300" align="space-between" blockAlign="end">
        <BlockStack gap="0">
          <Text as="span">{dispute.line}</Text>
          <Text as="span" variant="bodySm" tone="subdued">
            {dispute.age}
          </Text>
        </BlockStack>
        <InlineStack gap="200" blockAlign="end">
          <Button onClick={() => void pdf.download()}>{t("codMoney.disputes.pdf")}</Button>
          <Button onClick={() => void csv.download()}>{t("codMoney.disputes.csv")}</Button>
          <Form method="post">
            <input type="hidden" name="intent" value="disputeState" />
            <input type="hidden" name="id" value={dispute.id} />
            <InlineStack gap="200" blockAlign="end">
              <Select
                label={t("codMoney.disputes.state", { number: dispute.number })}
                name="state"
                options={states}
                value={state}
                onChange={setState}
              />
              <Button submit loading={saving}>
                {t("codMoney.disputes.save")}
              </Button>
            </InlineStack>
          </Form>
        </InlineStack>
      </InlineStack>
      {failed !== null && (
        <Banner tone="critical">{t("codMoney.disputes.downloadFailed", { status: failed })}</Banner>
      )}
    </BlockStack>
  );
}
