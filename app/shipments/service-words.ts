import { normaliseOrderStatus } from "../shipping/codes";
import type { DraftOrder, Order } from "../shipping/contract";
import { courierName, exactTime, formatMoney, statusLabel, type Speech } from "./status-words";

/** Statuses before the courier has the parcel: when the pickup (or the drop-off) is still to come. */
const BEFORE_PICKUP = new Set(["confirmed", "scheduled", "allocated", "picking_up"]);

/** What the shipping service says of the shipment now, in the reader's words (the page's side card). */
export interface ServiceWords {
  kind: "draft" | "order";
  status: string;
  courier: string | null;
  /** The price the service charges (a booked order) or would charge on booking now (a draft). */
  price: string | null;
  /**
   * What makes up the price where more than the courier's fee does ("Insurance fee: Rp2.000");
   * empty when the price is the courier's fee alone (the price is said once, on the main card).
   */
  fees: string[];
  /** Before the courier has the parcel: when it is picked up, or where to bring it. */
  pickup: string | null;
  /** The courier's driver on the way, once one is assigned. */
  driver: string | null;
}

/**
 * A draft or booked order of the service in words. The service's own fields (collection method,
 * delivery time, the fees, the driver) are all nullable: a line is left out when its field is.
 */
export function serviceWords(
  remote: { kind: "draft"; draft: DraftOrder } | { kind: "order"; order: Order },
  currency: string | null,
  speech: Speech,
): ServiceWords {
  const { t, locale } = speech;
  const money = (amount: number | null | undefined) =>
    amount === null || amount === undefined ? null : formatMoney(amount, currency, locale);
  const body = remote.kind === "order" ? remote.order : remote.draft;
  const status =
    remote.kind === "order"
      ? statusLabel(remote.order.status, t)
      : remote.draft.status === "ready"
        ? t("shipment.service.draftReady")
        : remote.draft.status === "placed"
          ? t("shipment.service.draftPlaced")
          : statusLabel(remote.draft.status, t);
  const courier = courierName(body.courier?.company, body.courier?.type, speech.couriers);
  const fees: string[] = [];
  const shipping = remote.kind === "order" ? money(remote.order.courier?.shipment_fee) : null;
  if (shipping) fees.push(t("shipment.service.shippingFee", { amount: shipping }));
  const insurance = body.courier?.insurance?.fee;
  if (insurance) fees.push(t("shipment.service.insuranceFee", { amount: money(insurance) }));
  const cod = remote.kind === "order" ? remote.order.destination?.cash_on_delivery?.fee : null;
  if (cod) fees.push(t("shipment.service.codFee", { amount: money(cod) }));
  const proof = body.destination?.proof_of_delivery;
  if (proof?.use && proof.fee)
    fees.push(t("shipment.service.proofFee", { amount: money(proof.fee) }));

  let pickup: string | null = null;
  let driver: string | null = null;
  if (
    remote.kind === "order" &&
    BEFORE_PICKUP.has(normaliseOrderStatus(remote.order.status) ?? "")
  ) {
    const when = remote.order.delivery?.datetime;
    pickup =
      remote.order.origin?.collection_method === "drop_off"
        ? t("shipment.service.dropOff", { courier: courier ?? t("shipment.service.theCourier") })
        : when && remote.order.delivery?.type === "scheduled"
          ? t("shipment.service.pickupAt", { when: exactTime(when, speech) })
          : t("shipment.service.pickupSoon");
    const c = remote.order.courier;
    if (c?.driver_name)
      driver = t("shipment.service.driver", {
        name: c.driver_name,
        details: [c.driver_phone, c.driver_plate_number].filter(Boolean).join(", "),
      });
  }
  return {
    kind: remote.kind,
    // The courier's fee alone is the price itself: not said twice.
    fees: fees.length > (shipping ? 1 : 0) ? fees : [],
    status,
    courier,
    price: money(body.price),
    pickup,
    driver,
  };
}
