import { Link } from "@remix-run/react";
import { SectionAnchor } from "./SettingsSections";
import { BlockStack, Card, FormLayout, Text } from "@shopify/polaris";
import { memo } from "react";
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
import { UnsavedForm } from "../../ui/unsaved/UnsavedForm";

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
  | "holdWhileBooking"
  | "labelShippingCost"
  | "labelMaskPhone";

interface PreferencesProps {
  settings: ShopSettings;
  couriers: { value: string; label: string }[];
  couriersError: string | null;
  paymentMethods: { name: string; auto: boolean; orders: number }[];
  paymentMethodsError: string | null;
  errors: Record<string, string>;
}

/**
 * 4–7. The shop's preferences, saved together from the admin's save bar: it shows as soon as
 * anything is changed (Discard puts every field back as saved) and goes once they are saved. Each
 * box's words are `settings.prefs.<name>`.
 */
export function PreferencesForm({
  answer,
  busy,
  ...props
}: PreferencesProps & {
  /** The page's answer to the last save of the preferences. */
  answer: { ok: boolean } | null;
  busy: boolean;
}) {
  return (
    <UnsavedForm id="preferences" method="post" answer={answer} busy={busy}>
      <input type="hidden" name="intent" value="preferences" />
      <PreferencesFields {...props} />
    </UnsavedForm>
  );
}

/**
 * The preferences' fields (remade afresh on Discard and once saved). Each holds its own value: a
 * change redraws that field, not the form.
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
      <SectionAnchor id="courier">
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
      </SectionAnchor>
      <SectionAnchor id="automation">
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
      </SectionAnchor>
      <SectionAnchor id="parcel">
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
            <Field
              label={t("settings.parcel.insuranceFrom")}
              name="insuranceFrom"
              type="number"
              autoComplete="off"
              prefix="Rp"
              initial={settings.insuranceFrom === null ? "" : String(settings.insuranceFrom)}
              helpText={t("settings.parcel.insuranceFromHelp")}
              error={errors.insuranceFrom}
            />
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
      </SectionAnchor>
      <SectionAnchor id="labels">
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
            {check("labelShippingCost", true)}
            {check("labelMaskPhone", true)}
          </FormLayout>
        </Card>
      </SectionAnchor>
    </BlockStack>
  );
});
