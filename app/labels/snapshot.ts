import type { LabelParty, LabelSnapshot } from "../db/json-columns";
import type { Order } from "../shipping/contract";
import { LABEL_TEXT_LIMITS, clip } from "./text";

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
