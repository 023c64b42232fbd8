import type { LabelParty, LabelSnapshot } from "../db/json-columns";
import type { Order } from "../shipping/contract";
import { LABEL_TEXT_LIMITS, clip } from "./bounded-text";

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

/** When the courier was booked: the order's first history entry, else `fallback`. */
function bookedAt(order: Order, fallback: Date | null): string | null {
  const times = (order.courier?.history ?? [])
    .map((h) => (h.updated_at ? Date.parse(h.updated_at) : NaN))
    .filter((t) => Number.isFinite(t));
  if (times.length > 0) return new Date(Math.min(...times)).toISOString();
  return fallback ? fallback.toISOString() : null;
}

const positive = (n: number | null | undefined) => (typeof n === "number" && n > 0 ? n : null);

/**
 * The label's facts from the booked order as the service answers it. `booked`: when the booking
 * was recorded, the date printed when the order carries no history (null: none known).
 */
export function labelSnapshot(order: Order, booked: Date | null = null): LabelSnapshot {
  const cod = order.destination?.cash_on_delivery?.amount;
  return {
    sender: party(order.origin),
    receiver: party(order.destination),
    shipper:
      kept(order.shipper?.organization, LABEL_TEXT_LIMITS.shopName) ??
      kept(order.shipper?.name, LABEL_TEXT_LIMITS.shopName),
    routingCode: kept(order.courier?.routing_code, LABEL_TEXT_LIMITS.routingCode),
    items: (order.items ?? []).map((item) => ({
      name: clip(item.name, LABEL_TEXT_LIMITS.item),
      quantity: item.quantity ?? 1,
      grams: item.weight ?? 0,
      value: positive(item.value),
    })),
    cod: positive(cod),
    currency: order.destination?.cash_on_delivery?.amount_currency ?? order.currency ?? "IDR",
    bookedAt: bookedAt(order, booked),
    price: positive(order.price),
    insured: positive(order.courier?.insurance?.amount) ?? 0,
    note: kept(order.destination?.note ?? order.note, LABEL_TEXT_LIMITS.note),
  };
}
