import { Form, Link } from "@remix-run/react";
import { BlockStack, Box, Button, Card, FormLayout, InlineStack, Text } from "@shopify/polaris";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { COD_TYPES } from "../../shipping/codes";
import { LABEL_LAYOUTS } from "../../shops/label-layouts";
import type { ShopSettings } from "../../shops/settings";
import { COD_RISK_HOLDS } from "../../shops/cod-risk-holds";
import { ChoiceSelect } from "./ChoiceSelect";
import { Field } from "./Field";
import { TickBox } from "./TickBox";
import { CodGatewaysField } from "./CodGatewaysField";
import { GroupHeading } from "./GroupHeading";

type Ticked =
  | "autoCreateDrafts"
  | "autoConfirm"
  | "bookPendingOrders"
  | "insurance"
  | "dimensionsFromShopify"
  | "proofOfDelivery"
  | "fulfillOnConfirm"
  | "notifyCustomer"
  | "markCodPaid"
  | "restockReturns"
  | "cancelReturnedCod"
  | "holdWhileBooking";

interface PreferencesProps {
  settings: ShopSettings;
  couriers: { value: string; label: string }[];
  couriersError: string | null;
  paymentMethods: { name: string; auto: boolean; orders: number }[];
  paymentMethodsError: string | null;
  errors: Record<string, string>;
  busy: boolean;
  /** The last save's outcome, while the page shows it. */
  saved: boolean | null;
}

/**
 * 4–7. The shop's preferences, saved together from one save bar: it appears at the foot of the
 * screen as soon as anything is changed ("Unsaved changes", Discard, Save) and goes once they are
 * saved; Discard puts every field back as saved. Each box's words are `settings.prefs.<name>`.
 */
export function PreferencesForm(props: PreferencesProps) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [sent, setSent] = useState(false);
  // Once the save is answered: saved, the bar goes; refused (a field's error), it stays with the
  // changes. (Adjusted while rendering, from the answer the page now holds.)
  if (sent && !props.busy && props.saved !== null) {
    setSent(false);
    if (props.saved) setDirty(false);
  }
  return (
    <Form method="post" onChange={() => setDirty(true)} onSubmit={() => setSent(true)}>
      <input type="hidden" name="intent" value="preferences" />
      <PreferencesFields key={version} {...props} />
      {dirty && (
        // At the foot of the screen wherever the merchant scrolls, as the admin's own save bar sits.
        <div
          role="region"
          aria-label={t("settings.saveBar.label")}
          style={{
            position: "fixed",
            left: "50%",
            transform: "translateX(-50%)",
            bottom: "16px",
            width: "min(62rem, calc(100% - 32px))",
            zIndex: 500,
          }}
        >
          <Box background="bg-surface-inverse" padding="300" borderRadius="300" shadow="400">
            <InlineStack align="space-between" blockAlign="center" gap="300">
              <Text as="p" tone="text-inverse" fontWeight="semibold">
                {t("settings.saveBar.unsaved")}
              </Text>
              <InlineStack gap="200">
                <Button
                  onClick={() => {
                    setVersion(version + 1);
                    setDirty(false);
                  }}
                  disabled={props.busy}
                >
                  {t("settings.saveBar.discard")}
                </Button>
                <Button submit variant="primary" loading={props.busy}>
                  {t("settings.savePreferences")}
                </Button>
              </InlineStack>
            </InlineStack>
          </Box>
        </div>
      )}
    </Form>
  );
}

/**
 * The preferences' fields (remade afresh on Discard). Each holds its own value: a change redraws
 * that field and the save bar, not the form.
 */
const PreferencesFields = memo(function PreferencesFields({
  settings,
  couriers,
  couriersError,
  paymentMethods,
  paymentMethodsError,
  errors,
}: PreferencesProps) {
  const { t } = useTranslation();
  // Each box names its words `settings.prefs.<name>`; `help` adds its help text.
  const check = (name: Ticked, help = false) => (
    <TickBox
      name={name}
      label={t(`settings.prefs.${name}.label`)}
      helpText={
        help ? t(`settings.prefs.${name}.help` as "settings.prefs.autoConfirm.help") : undefined
      }
      error={errors[name]}
      initial={Boolean(settings[name])}
    />
  );
  return (
    <BlockStack gap="400">
      <Card>
        <FormLayout>
          <GroupHeading title={t("settings.courier.title")}>
            {t("settings.courier.about")}
          </GroupHeading>
          <ChoiceSelect
            label={t("settings.courier.default")}
            name="defaultCourier"
            options={[{ label: t("settings.courier.none"), value: "" }, ...couriers]}
            initial={
              settings.defaultCourier
                ? `${settings.defaultCourier.company}/${settings.defaultCourier.type}`
                : ""
            }
            helpText={
              couriersError
                ? t("settings.courier.unloaded", { reason: couriersError })
                : t("settings.courier.help")
            }
          />
          <Text as="p" tone="subdued">
            {t("courierRules.linkAbout")}{" "}
            <Link to="/app/courier-rules">{t("courierRules.link")}</Link>
          </Text>
          <ChoiceSelect
            label={t("settings.courier.deliveryType")}
            name="deliveryType"
            options={[
              { label: t("settings.courier.now"), value: "now" },
              { label: t("settings.courier.scheduled"), value: "scheduled" },
            ]}
            initial={settings.deliveryType}
            error={errors.deliveryType}
          />
        </FormLayout>
      </Card>
      <Card>
        <FormLayout>
          <GroupHeading title={t("settings.automation.title")}>
            {t("settings.automation.about")}
          </GroupHeading>
          {check("autoCreateDrafts")}
          {check("autoConfirm", true)}
          {check("bookPendingOrders", true)}
          {check("fulfillOnConfirm")}
          {check("notifyCustomer")}
          {check("holdWhileBooking")}
        </FormLayout>
      </Card>
      <Card>
        <FormLayout>
          <GroupHeading title={t("settings.parcel.title")}>
            {t("settings.parcel.about")}
          </GroupHeading>
          <Field
            label={t("settings.parcel.categories")}
            name="categoryMapping"
            multiline={4}
            autoComplete="off"
            initial={Object.entries(settings.categoryMapping)
              .map(([k, v]) => `${k} = ${v}`)
              .join("\n")}
            helpText={t("settings.parcel.categoriesHelp")}
            error={errors.categoryMapping}
          />
          <Field
            label={t("settings.parcel.weight")}
            name="defaultWeightGrams"
            type="number"
            autoComplete="off"
            initial={settings.defaultWeightGrams ? String(settings.defaultWeightGrams) : ""}
            helpText={t("settings.parcel.weightHelp")}
            error={errors.defaultWeightGrams}
          />
          {check("dimensionsFromShopify", true)}
          <CodGatewaysField
            choices={paymentMethods}
            chosen={settings.codGateways}
            unread={paymentMethodsError}
          />
          <ChoiceSelect
            label={t("settings.parcel.codType")}
            name="codType"
            options={COD_TYPES.map((type) => ({
              label: t(`settings.codType.${type}`),
              value: type,
            }))}
            initial={settings.codType}
            error={errors.codType}
          />
          {check("markCodPaid", true)}
          {check("restockReturns", true)}
          {check("cancelReturnedCod", true)}
          <ChoiceSelect
            label={t("settings.parcel.codRiskHold")}
            name="codRiskHold"
            options={COD_RISK_HOLDS.map((hold) => ({
              label: t(`settings.codRiskHold.${hold}`),
              value: hold,
            }))}
            initial={settings.codRiskHold}
            helpText={t("settings.parcel.codRiskHoldHelp")}
            error={errors.codRiskHold}
          />
          <Field
            label={t("settings.parcel.reweighProblemAbove")}
            name="reweighProblemAbove"
            type="number"
            autoComplete="off"
            prefix="Rp"
            initial={String(settings.reweighProblemAbove)}
            helpText={t("settings.parcel.reweighProblemAboveHelp")}
            error={errors.reweighProblemAbove}
          />
          {check("insurance")}
          {check("proofOfDelivery")}
          <Field
            label={t("settings.parcel.podNote")}
            name="proofOfDeliveryNote"
            autoComplete="off"
            initial={settings.proofOfDeliveryNote}
            error={errors.proofOfDeliveryNote}
          />
        </FormLayout>
      </Card>
      <Card>
        <FormLayout>
          <GroupHeading title={t("settings.labels.title")}>
            {t("settings.labels.about")}
          </GroupHeading>
          <ChoiceSelect
            label={t("settings.labels.size")}
            name="labelLayout"
            options={LABEL_LAYOUTS.map((l) => ({ label: t(`labels.layout.${l}`), value: l }))}
            initial={settings.labelLayout}
            error={errors.labelLayout}
          />
          <Field
            label={t("settings.labels.shopName")}
            name="labelShopName"
            autoComplete="off"
            initial={settings.labelShopName}
            helpText={t("settings.labels.shopNameHelp")}
            error={errors.labelShopName}
          />
        </FormLayout>
      </Card>
    </BlockStack>
  );
});
