import { ChoiceList, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PricedModal } from "./PricedModal";
import { useLoadedWhenOpen } from "./useLoadedWhenOpen";
import type { InsuranceQuoteAnswer } from "../../shipments/bulk-insurance";

/** Insured for the goods' value, not insured, or as the shop's rule says (settings). */
export type BulkInsuranceChoice = "on" | "off" | "rule";

/**
 * Insurance for many parcels (the list's bulk action): insure them for their goods' value with the
 * premium of all of them said first (each one's courier, from the shipping service's rates, read
 * when the modal opens), leave them uninsured, or back to the shop's rule. Booked parcels and
 * parcels without a goods value are left out, and the modal says how many. Nothing is charged: the
 * premium joins the price when a parcel is booked, and booking asks first.
 */
export function BulkInsuranceModal({
  open,
  ids,
  onClose,
  onSave,
}: {
  open: boolean;
  /** The shipments ticked. */
  ids: readonly string[];
  onClose(): void;
  onSave(choice: BulkInsuranceChoice, ids: string[]): void;
}) {
  const { t } = useTranslation();
  const answer = useLoadedWhenOpen<InsuranceQuoteAnswer>(
    "/app/shipments/insurance-quote",
    ids,
    open,
  );
  const [picked, setChoice] = useState<BulkInsuranceChoice>("on");
  // None can be insured (no goods value): "not insured" is where the choice starts.
  const choice = picked === "on" && answer?.insurable.length === 0 ? "off" : picked;
  const chosen = answer ? (choice === "on" ? answer.insurable : answer.open) : [];
  return (
    <PricedModal
      open={open}
      onClose={onClose}
      title={t("list.insurance.title", { count: ids.length })}
      loading={answer ? null : t("list.insurance.loading")}
      error={answer?.error ?? null}
      primary={
        chosen.length > 0
          ? {
              content: t("list.insurance.save", { count: chosen.length }),
              onAction: () => onSave(choice, chosen),
            }
          : null
      }
    >
      {answer && !answer.error && answer.open.length === 0 && (
        <Text as="p">{t("list.insurance.none")}</Text>
      )}
      {answer && answer.open.length > 0 && (
        <>
          <Text as="p" tone="subdued">
            {t("list.insurance.noCharge")}
          </Text>
          <ChoiceList
            title={t("list.insurance.choose")}
            choices={[
              {
                label: t("list.insurance.on"),
                value: "on",
                helpText: answer.premium ?? undefined,
                disabled: answer.insurable.length === 0,
              },
              { label: t("list.insurance.off"), value: "off" },
              { label: t("list.insurance.rule"), value: "rule" },
            ]}
            selected={[choice]}
            onChange={([value]) => setChoice((value as BulkInsuranceChoice) ?? "on")}
          />
        </>
      )}
      {answer?.notes.map((note) => (
        <Text as="p" key={note}>
          {note}
        </Text>
      ))}
    </PricedModal>
  );
}
