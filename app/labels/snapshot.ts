import type { Order } from "../shipping/contract";

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

function party(side: Side | null | undefined): LabelParty {
  const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  return {
    name: text(side?.contact_name),
    phone: text(side?.contact_phone),
    address: text(side?.address),
    district: text(side?.district_name),
    city: text(side?.city_name),
    province: text(side?.province_name),
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
    shipper: order.shipper?.organization?.trim() || order.shipper?.name?.trim() || null,
    routingCode: order.courier?.routing_code?.trim() || null,
    items: (order.items ?? []).map((item) => ({
      name: item.name,
      quantity: item.quantity ?? 1,
      grams: item.weight ?? 0,
    })),
    cod: typeof cod === "number" && cod > 0 ? cod : null,
    currency: order.destination?.cash_on_delivery?.amount_currency ?? order.currency ?? "IDR",
  };
}
