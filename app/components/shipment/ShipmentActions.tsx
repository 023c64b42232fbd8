import { Button, InlineStack, Text } from "@shopify/polaris";
import { useSubmit } from "@remix-run/react";
import { usePendingIntent } from "../../ui/usePendingIntent";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { withCourier } from "../../shipments/available";
import { PostButton } from "./PostButton";
import { ActionQuestion, type ActionQuestionProps, type Asked } from "./ActionQuestion";

/**
 * What the merchant may do with the shipment now: make the draft, book, ship again, book again,
 * retry or cancel. What spends money or cannot be undone is asked first (ActionQuestion) and sent
 * only when confirmed; the rest posts at once. Only the pressed button spins.
 */
export function ShipmentActions({
  shipment,
  words,
  ask,
  actions,
  latest,
  heldForRisk,
}: {
  shipment: ActionQuestionProps["shipment"] & { status: string; problem: string | null };
  words: ActionQuestionProps["words"];
  ask: ActionQuestionProps["ask"];
  /** The actions the shipment's state allows (the loader's `actions`). */
  actions: readonly string[];
  /** This is the order's newest attempt. */
  latest: boolean;
  /** Held for its COD risk: its banner offers the decisions (not retry, not a bare cancel). */
  heldForRisk: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const pending = usePendingIntent();
  const [asking, setAsking] = useState<Asked | null>(null);
  const canConfirm = shipment.status === "draft_ready";
  const canCreate = shipment.status === "pending";
  const canCancel = actions.includes("cancel") && !heldForRisk;
  const canShipAgain = latest && shipment.status === "cancelled";
  // Booked, and the service can still cancel it (the courier does not have the parcel yet).
  const canRebook = latest && Boolean(shipment.shippingOrderId) && canCancel;

  const button = (intent: string, label: string, tone?: "critical") =>
    intent === "confirm" || intent === "cancel" || intent === "rebook" ? (
      <Button loading={pending === intent} tone={tone} onClick={() => setAsking(intent)}>
        {label}
      </Button>
    ) : (
      <PostButton intent={intent} label={label} tone={tone} />
    );

  return (
    <>
      <InlineStack gap="200">
        {/* With a problem, "Retry" makes the draft; "Create draft now" is for a shop that drafts by hand. */}
        {canCreate && !shipment.problem && button("create", t("shipment.actions.create"))}
        {canConfirm &&
          button(
            "confirm",
            shipment.awaitingPayment
              ? t("shipment.actions.bookUnpaid")
              : t("shipment.actions.confirm"),
          )}
        {canShipAgain && button("ship_again", t("shipment.actions.shipAgain"))}
        {canRebook && button("rebook", t("shipment.actions.rebook"), "critical")}
        {shipment.problem &&
          !heldForRisk &&
          (canCreate || canConfirm) &&
          button("retry", t("list.actions.retry"))}
        {canCancel && button("cancel", t("shipment.actions.cancel"), "critical")}
      </InlineStack>
      {!canCancel && withCourier(shipment.status) && (
        <Text as="p" tone="subdued">
          {t("shipment.ask.withCourier")}
        </Text>
      )}
      <ActionQuestion
        asking={asking}
        shipment={shipment}
        words={words}
        ask={ask}
        onClose={() => setAsking(null)}
        onConfirm={(intent) => {
          submit({ intent }, { method: "post" });
          setAsking(null);
        }}
      />
    </>
  );
}
