import { useTranslation } from "react-i18next";
import { ConfirmModal, type Question } from "../../ui/ConfirmModal";

/** The shipment page's actions that spend money or cannot be undone. */
export type Asked = "confirm" | "cancel" | "rebook";

export interface ActionQuestionProps {
  asking: Asked | null;
  shipment: {
    shippingOrderId: string | null;
    draftOrderId: string | null;
    waybillId: string | null;
    awaitingPayment: boolean;
  };
  /** The shipment's courier and price in words (describeStatus). */
  words: { courier: string | null; price: string | null };
  /** The COD the courier collects, in words; whether a shipment made again is booked at once. */
  ask: { cod: string | null; autoConfirm: boolean };
  onConfirm(intent: Asked): void;
  onClose(): void;
}

/**
 * What booking, cancelling or cancelling to book again will do, asked before anything is sent:
 * the courier and the price the service charges, the COD collected, whether anything was charged
 * and what becomes of it.
 */
export function ActionQuestion({
  asking,
  shipment,
  words,
  ask,
  onConfirm,
  onClose,
}: ActionQuestionProps) {
  const { t } = useTranslation();
  const courier = words.courier ?? t("shipment.notChosen");
  const price = words.price ?? t("shipment.notPriced");
  const cancelled = shipment.shippingOrderId
    ? t("shipment.ask.cancelBooked", {
        courier,
        waybill: shipment.waybillId ?? t("shipment.noneYet"),
        price,
      })
    : shipment.draftOrderId
      ? t("shipment.ask.cancelDraft")
      : t("shipment.ask.cancelPending");
  const questions: Record<Asked, Question> = {
    confirm: {
      title: t("shipment.ask.confirmTitle"),
      body: [
        t("shipment.ask.confirmBody", { courier, price }),
        ...(ask.cod ? [t("shipment.ask.confirmCod", { cod: ask.cod })] : []),
        ...(shipment.awaitingPayment ? [t("shipment.ask.confirmUnpaid")] : []),
      ],
      action: t("shipment.ask.confirmAction"),
      destructive: false,
    },
    cancel: {
      title: t("shipment.ask.cancelTitle"),
      body: [cancelled, t("shipment.ask.cancelOrderStays")],
      action: t("shipment.ask.cancelAction"),
      destructive: true,
    },
    rebook: {
      title: t("shipment.ask.rebookTitle"),
      body: [
        cancelled,
        ask.autoConfirm ? t("shipment.ask.rebookAuto") : t("shipment.ask.rebookManual"),
      ],
      action: t("shipment.ask.rebookAction"),
      destructive: true,
    },
  };
  const question = asking ? questions[asking] : null;
  return (
    <ConfirmModal
      question={question}
      backLabel={t("shipment.ask.back")}
      onClose={onClose}
      onConfirm={() => asking && onConfirm(asking)}
    />
  );
}
