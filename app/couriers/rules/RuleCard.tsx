import {
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { DraftField, RuleDraft } from "./form";

/**
 * One courier rule as the merchant writes it: its name, the conditions an order must all meet
 * (empty ones take every order), and what then picks the service; moved up or down, or removed.
 */
export function RuleCard({
  draft,
  number,
  count,
  errors,
  services,
  minParcels,
  onChange,
  onMove,
  onRemove,
}: {
  draft: RuleDraft;
  number: number;
  count: number;
  /** Faults by `number/field`, in words. */
  errors: Record<string, string>;
  services: { value: string; label: string }[];
  minParcels: number;
  onChange(draft: RuleDraft): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const set = (field: DraftField) => (value: string) => onChange({ ...draft, [field]: value });
  const common = { draft, number, errors, onChange };
  const serviceError = errors[`${number}/service`];
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {t("courierRules.rule", { number })}
          </Text>
          <InlineStack gap="200">
            <Button disabled={number === 1} onClick={() => onMove(-1)}>
              {t("courierRules.up")}
            </Button>
            <Button disabled={number === count} onClick={() => onMove(1)}>
              {t("courierRules.down")}
            </Button>
            <Button tone="critical" variant="plain" onClick={onRemove}>
              {t("courierRules.remove")}
            </Button>
          </InlineStack>
        </InlineStack>
        <DraftText {...common} field="name" label={t("courierRules.fields.name")} />
        <Text as="h3" variant="headingSm">
          {t("courierRules.fields.when")}
        </Text>
        <FormLayout>
          <DraftText
            {...common}
            field="provinces"
            label={t("courierRules.fields.provinces")}
            helpText={t("courierRules.fields.provincesHelp")}
          />
          <DraftText
            {...common}
            field="cities"
            label={t("courierRules.fields.cities")}
            helpText={t("courierRules.fields.citiesHelp")}
          />
          <Select
            label={t("courierRules.fields.payment")}
            options={[
              { label: t("courierRules.fields.paymentAny"), value: "any" },
              { label: t("courierRules.fields.paymentCod"), value: "cod" },
              { label: t("courierRules.fields.paymentPrepaid"), value: "prepaid" },
            ]}
            value={draft.payment}
            onChange={set("payment")}
          />
          <FormLayout.Group condensed>
            <DraftText {...common} field="kgMin" label={t("courierRules.fields.kgMin")} decimal />
            <DraftText {...common} field="kgMax" label={t("courierRules.fields.kgMax")} decimal />
          </FormLayout.Group>
          <FormLayout.Group condensed>
            <DraftText
              {...common}
              field="valueMin"
              label={t("courierRules.fields.valueMin")}
              decimal
            />
            <DraftText
              {...common}
              field="valueMax"
              label={t("courierRules.fields.valueMax")}
              decimal
            />
          </FormLayout.Group>
          <DraftText
            {...common}
            field="productTypes"
            label={t("courierRules.fields.productTypes")}
            helpText={t("courierRules.fields.listHelp")}
          />
          <DraftText
            {...common}
            field="tags"
            label={t("courierRules.fields.tags")}
            helpText={t("courierRules.fields.listHelp")}
          />
        </FormLayout>
        <Text as="h3" variant="headingSm">
          {t("courierRules.fields.then")}
        </Text>
        <FormLayout>
          <Select
            label={t("courierRules.fields.action")}
            options={[
              { label: t("courierRules.fields.actionService"), value: "service" },
              { label: t("courierRules.fields.actionCheapest"), value: "cheapest" },
              { label: t("courierRules.fields.actionFastest"), value: "fastest" },
              { label: t("courierRules.fields.actionBest"), value: "best" },
              { label: t("courierRules.fields.actionHold"), value: "hold" },
            ]}
            value={draft.action}
            onChange={set("action")}
          />
          {draft.action === "service" && (
            <Select
              label={t("courierRules.fields.service")}
              placeholder={t("courierRules.fields.servicePlaceholder")}
              options={services}
              value={draft.service}
              onChange={set("service")}
              error={serviceError}
            />
          )}
          {draft.action === "best" && (
            <DraftText
              {...common}
              field="minRate"
              label={t("courierRules.fields.minRate")}
              helpText={t("courierRules.fields.minRateHelp", { min: minParcels })}
              decimal
            />
          )}
        </FormLayout>
      </BlockStack>
    </Card>
  );
}

/** One of a rule's text fields, with its fault under it. */
function DraftText({
  draft,
  number,
  errors,
  onChange,
  field,
  label,
  helpText,
  decimal,
}: {
  draft: RuleDraft;
  number: number;
  errors: Record<string, string>;
  onChange(draft: RuleDraft): void;
  field: DraftField;
  label: string;
  helpText?: string;
  decimal?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={draft[field]}
      onChange={(value) => onChange({ ...draft, [field]: value })}
      autoComplete="off"
      helpText={helpText}
      error={errors[`${number}/${field}`]}
      inputMode={decimal ? "decimal" : undefined}
    />
  );
}
