import { Form, useNavigation } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  List,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { STATEMENT_FIELDS } from "./statements/columns";

/** What the page answered to the last import: its reasons, and the columns to map when asked. */
export interface ImportAnswer {
  ok: boolean;
  reasons?: string[];
  columns?: { header: string[]; chosen: Record<string, string> };
}

/**
 * Importing a payout statement: the file (CSV or XLSX), the day the money arrived and, if the
 * merchant wants it checked, the amount that reached the bank. At the first import (or when the
 * file's columns are not the ones remembered) the server asks which column is which: the file
 * stays chosen and the merchant imports again with the columns mapped.
 */
export function StatementImport({ today, answer }: { today: string; answer: ImportAnswer | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "import";
  const [day, setDay] = useState(today);
  const [amount, setAmount] = useState("");
  const columns = answer?.columns ?? null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("codMoney.import.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("codMoney.import.body")}
        </Text>
        {answer && !answer.ok && answer.reasons && answer.reasons.length > 0 && (
          <Banner tone={columns ? "warning" : "critical"}>
            <List>
              {answer.reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </Banner>
        )}
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="import" />
          <FormLayout>
            <BlockStack gap="100">
              <label htmlFor="statementFile">
                <Text as="span">{t("codMoney.import.file")}</Text>
              </label>
              <input
                id="statementFile"
                type="file"
                name="statement"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                required
              />
            </BlockStack>
            <FormLayout.Group>
              <TextField
                label={t("codMoney.import.receivedOn")}
                name="receivedOn"
                type="date"
                max={today}
                value={day}
                onChange={setDay}
                autoComplete="off"
              />
              <TextField
                label={t("codMoney.import.receivedAmount")}
                name="receivedAmount"
                inputMode="numeric"
                value={amount}
                onChange={setAmount}
                autoComplete="off"
                helpText={t("codMoney.import.receivedAmountHelp")}
              />
            </FormLayout.Group>
            {columns && (
              <ColumnChoice
                key={JSON.stringify(columns)}
                header={columns.header}
                chosen={columns.chosen}
              />
            )}
          </FormLayout>
          <div style={{ marginTop: "var(--p-space-300)" }}>
            <Button submit variant="primary" loading={sending}>
              {t("codMoney.import.submit")}
            </Button>
          </div>
        </Form>
      </BlockStack>
    </Card>
  );
}

/** Which of the file's columns each item is, the server's guess first. */
function ColumnChoice({ header, chosen }: { header: string[]; chosen: Record<string, string> }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Record<string, string>>(chosen);
  const options = [
    { label: t("codMoney.import.noColumn"), value: "" },
    ...header.map((h) => ({ label: h, value: h })),
  ];
  return (
    <BlockStack gap="200">
      <input type="hidden" name="mapping" value="1" />
      <Text as="h3" variant="headingSm">
        {t("codMoney.import.columnsTitle")}
      </Text>
      <Text as="p" tone="subdued">
        {t("codMoney.import.columnsBody")}
      </Text>
      <FormLayout.Group condensed>
        {STATEMENT_FIELDS.map((field) => (
          <Select
            key={field}
            label={t(`codMoney.field.${field}`)}
            name={`column.${field}`}
            options={options}
            value={choice[field] ?? ""}
            onChange={(value) => setChoice((c) => ({ ...c, [field]: value }))}
          />
        ))}
      </FormLayout.Group>
    </BlockStack>
  );
}
