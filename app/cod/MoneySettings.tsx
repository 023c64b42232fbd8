import { Form, useNavigation } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export interface MoneySettingsData {
  codFeePercent: string;
  emails: string;
  hour: number;
  maxEmails: number;
  /** The operator set up an SMTP server (SMTP_URL): summaries can be sent. */
  mailServer: boolean;
}

/**
 * The COD fee agreed with the service (statement lines are checked against it when the service
 * states no fee per parcel) and the daily summary: what it says, to whom, at what hour.
 */
export function MoneySettings({ settings }: { settings: MoneySettingsData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "settings";
  const [percent, setPercent] = useState(settings.codFeePercent);
  const [emails, setEmails] = useState(settings.emails);
  const [hour, setHour] = useState(String(settings.hour));
  const hours = Array.from({ length: 24 }, (_, h) => ({
    label: `${String(h).padStart(2, "0")}.00`,
    value: String(h),
  }));
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("codMoney.settings.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("codMoney.settings.what")}
        </Text>
        {!settings.mailServer && <Banner tone="warning">{t("codMoney.settings.noServer")}</Banner>}
        <Form method="post">
          <input type="hidden" name="intent" value="settings" />
          <FormLayout>
            <TextField
              label={t("codMoney.settings.feePercent")}
              name="codFeePercent"
              inputMode="decimal"
              value={percent}
              onChange={setPercent}
              autoComplete="off"
              helpText={t("codMoney.settings.feePercentHelp")}
            />
            <FormLayout.Group>
              <TextField
                label={t("codMoney.settings.emails")}
                name="emails"
                type="text"
                inputMode="email"
                value={emails}
                onChange={setEmails}
                autoComplete="email"
                helpText={t("codMoney.settings.emailsHelp", { max: settings.maxEmails })}
              />
              <Select
                label={t("codMoney.settings.hour")}
                name="hour"
                options={hours}
                value={hour}
                onChange={setHour}
              />
            </FormLayout.Group>
            <div>
              <Button submit loading={saving}>
                {t("codMoney.settings.save")}
              </Button>
            </div>
          </FormLayout>
        </Form>
      </BlockStack>
    </Card>
  );
}
