import { ChoiceList, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PricedModal } from "./PricedModal";
import { useLoadedWhenOpen } from "./useLoadedWhenOpen";
import type { CourierPricesAnswer } from "../../shipments/bulk-courier";

/**
 * One courier for many parcels (the list's bulk action): every service that can carry them, side
 * by side with what the parcels would cost with it and the difference from their courier now,
 * read from the shipping service when the modal opens. The parcels a service cannot carry, and
 * those booked already, keep their courier, and the modal says how many. Nothing is charged: the
 * new price applies when a parcel is booked, and booking asks first.
 */
export function BulkCourierModal({
  open,
  ids,
  onClose,
  onSave,
}: {
  open: boolean;
  /** The shipments ticked. */
  ids: readonly string[];
  onClose(): void;
  onSave(courier: { company: string; type: string; ids: string[] }): void;
}) {
  const { t } = useTranslation();
  const answer = useLoadedWhenOpen<CourierPricesAnswer>("/app/shipments/courier-prices", ids, open);
  const services = answer?.services ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = services.find((s) => s.key === picked) ?? services[0];
  const left = answer && chosen ? answer.changeable - answer.unpriced - chosen.ids.length : 0;
  return (
    <PricedModal
      open={open}
      onClose={onClose}
      title={t("list.courier.title", { count: ids.length })}
      loading={answer ? null : t("list.courier.loading")}
      error={answer?.error ?? null}
      primary={
        chosen
          ? {
              content: t("list.courier.save", { name: chosen.name, count: chosen.ids.length }),
              onAction: () =>
                onSave({ company: chosen.company, type: chosen.type, ids: chosen.ids }),
            }
          : null
      }
    >
      {answer && !answer.error && services.length === 0 && answer.unpriced < answer.changeable && (
        <Text as="p">
          {answer.changeable === 0 ? t("list.courier.none") : t("list.courier.noService")}
        </Text>
      )}
      {services.length > 0 && (
        <Text as="p" tone="subdued">
          {t("list.courier.noCharge")}
        </Text>
      )}
      {services.length > 0 && (
        <ChoiceList
          title={t("list.courier.choose")}
          choices={services.map((s) => ({ label: s.label, value: s.key, helpText: s.detail }))}
          selected={chosen ? [chosen.key] : []}
          onChange={([key]) => setPicked(key ?? null)}
        />
      )}
      {left > 0 && chosen && (
        <Text as="p">{t("list.courier.notCarried", { count: left, name: chosen.name })}</Text>
      )}
      {answer && answer.unpriced > 0 && (
        <Text as="p">{t("list.courier.unpriced", { count: answer.unpriced })}</Text>
      )}
      {answer && answer.fixed > 0 && (
        <Text as="p">{t("list.courier.fixed", { count: answer.fixed })}</Text>
      )}
    </PricedModal>
  );
}
