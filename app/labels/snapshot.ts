import type { Order } from "../shipping/contract";
import { LABEL_TEXT_LIMITS, clip } from "./text";

/** One side of a parcel as its label prints it. */
export interface LabelParty {
  name: string | null;
  phone: string | null;
  address: string | null;
  district: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
}

export interface LabelItem {
  name: string;
  quantity: number;
  /** Grams of one unit. */
  grams: number;
}

/**
 * What a parcel's label needs beyond the shipment's own columns, taken from the booked order as
 * the service answers it (so the label shows what the courier was told, not what the app meant
 * to send). Kept on `shipments.label` when the booking is recorded.
 */
export interface LabelSnapshot {
  sender: LabelParty;
  receiver: LabelParty;
  /** The sender's business name as the service knows it (shipper.organization). */
  shipper: string | null;
  /** The courier's sorting code for the destination hub, when the service gives one. */
  routingCode: string | null;
  items: LabelItem[];
  /** Cash the courier collects from the receiver; null when none. */
  cod: number | null;
  currency: string;
}

type Side = NonNullable<Order["origin"]>;

/** A text of the service's answer as kept: trimmed, clipped to what a label can print. */
const kept = (v: string | null | undefined, limit: number) =>
  v && v.trim() ? clip(v.trim(), limit) : null;

function party(side: Side | null | undefined): LabelParty {
  const L = LABEL_TEXT_LIMITS;
  return {
    name: kept(side?.contact_name, L.name),
    phone: kept(side?.contact_phone, L.phone),
    address: kept(side?.address, L.address),
    district: kept(side?.district_name, L.place),
    city: kept(side?.city_name, L.place),
    province: kept(side?.province_name, L.place),
    postalCode:
      side?.postal_code === null || side?.postal_code === undefined
        ? null
        : String(side.postal_code),
  };
}

export function labelSnapshot(order: Order): LabelSnapshot {
  const cod = order.destination?.cash_on_delivery?.amount;
  return {
    sender: party(order.origin),
    receiver: party(order.destination),
    shipper:
      kept(order.shipper?.organization, LABEL_TEXT_LIMITS.shopName) ??
      kept(order.shipper?.name, LABEL_TEXT_LIMITS.shopName),
    routingCode: kept(order.courier?.routing_code, LABEL_TEXT_LIMITS.routingCode),
    items: (order.items ?? []).map((item) => ({
      name: clip(item.name, LABEL_TEXT_LIMITS.contents),
      quantity: item.quantity ?? 1,
      grams: item.weight ?? 0,
    })),
    cod: typeof cod === "number" && cod > 0 ? cod : null,
    currency: order.destination?.cash_on_delivery?.amount_currency ?? order.currency ?? "IDR",
  };
}
