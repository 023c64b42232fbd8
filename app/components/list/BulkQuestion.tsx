import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { intlLocale, languageOfTag } from "../../i18n/languages";
import { formatMoney } from "../../shipments/status-words";
import { countedNames } from "../../shipments/courier-names";
import { ConfirmModal, type Question } from "../../ui/ConfirmModal";

/** The list's bulk actions that spend money or cannot be undone. */
export type BulkAsked = "confirm" | "cancel";

/** A selected row as the question needs it (app/shipments/list-rows.ts). */
export interface BulkRow {
  actions: readonly string[];
  booked: boolean;
  charge: number | null;
  currency: string | null;
  status: { courier: string | null };
}

/**
 * What a bulk booking or cancellation will do to the selected shipments, asked before anything is
 * sent: how many, with which couriers, the total the service charges; which were booked (their
 * charge), which were not, and which cannot be cancelled any more.
 */
export function bulkQuestion(
  asking: BulkAsked,
  rows: readonly BulkRow[],
  t: TFunction,
  locale: string,
): Question {
  if (asking === "confirm") {
    const ready = rows.filter((r) => r.actions.includes("confirm"));
    const total = ready.reduce((sum, r) => sum + (r.charge ?? 0), 0);
    const skipped = rows.length - ready.length;
    return {
      title: t("list.ask.confirmTitle", { count: ready.length }),
      body:
        ready.length === 0
          ? [t("list.ask.confirmNone")]
          : [
              t("list.ask.confirmBody", {
                couriers: countedNames(
                  ready.map((r) => r.status.courier ?? t("shipment.notChosen")),
                ),
                total: formatMoney(total, ready[0]?.currency ?? "IDR", locale) ?? String(total),
              }),
              ...(skipped > 0 ? [t("list.ask.confirmSkipped", { count: skipped })] : []),
            ],
      action: ready.length > 0 ? t("list.ask.confirmAction") : null,
      destructive: false,
    };
  }
  const cancellable = rows.filter((r) => r.actions.includes("cancel"));
  const booked = cancellable.filter((r) => r.booked).length;
  const unbooked = cancellable.length - booked;
  const skipped = rows.length - cancellable.length;
  return {
    title: t("list.ask.cancelTitle", { count: cancellable.length }),
    body:
      cancellable.length === 0
        ? [t("list.ask.cancelNone")]
        : [
            ...(booked > 0 ? [t("list.ask.cancelBooked", { count: booked })] : []),
            ...(unbooked > 0 ? [t("list.ask.cancelUnbooked", { count: unbooked })] : []),
            ...(skipped > 0 ? [t("list.ask.cancelSkipped", { count: skipped })] : []),
          ],
    action: cancellable.length > 0 ? t("list.ask.cancelAction") : null,
    destructive: true,
  };
}

export function BulkQuestion({
  asking,
  rows,
  onConfirm,
  onClose,
}: {
  asking: BulkAsked | null;
  rows: readonly BulkRow[];
  onConfirm(intent: BulkAsked): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const question = asking
    ? bulkQuestion(asking, rows, t, intlLocale(languageOfTag(i18n.language)))
    : null;
  return (
    <ConfirmModal
      question={question}
      backLabel={t("list.ask.back")}
      onClose={onClose}
      onConfirm={() => asking && onConfirm(asking)}
    />
  );
}
