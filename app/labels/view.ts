import { courierName, formatMoney } from "../shipments/wording";
import type { CourierNames } from "../shipments/courier-names";
import type { LabelParty, LabelSnapshot } from "../db/json-columns";
import { LABEL_TEXT_LIMITS, clip } from "./text";

/** Everything one label prints, in words. */
export interface LabelView {
  shipmentId: string;
  waybill: string;
  /** "JNE REG" */
  courier: string;
  routingCode: string | null;
  shopName: string;
  orderName: string;
  sender: LabelParty;
  receiver: LabelParty;
  /** "Rp150.000", or null for a prepaid parcel (the label says NON-COD). */
  cod: string | null;
  /** "1,25 kg", "850 g" */
  weight: string;
  /** "2 × Kemeja Batik Parang, 1 × Sarung Tenun" */
  contents: string;
}

export interface LabelRow {
  id: string;
  orderId: string;
  orderName: string | null;
  waybillId: string | null;
  courierCompany: string | null;
  courierType: string | null;
  label: LabelSnapshot | null;
}

/** Grams in Indonesian notation: under a kilo in grams, else kilos with up to two decimals. */
export function weightWords(grams: number): string {
  if (grams < 1000) return `${Math.max(0, Math.round(grams))} g`;
  return `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 2 }).format(grams / 1000)} kg`;
}

/** A side of the parcel clipped to what a label prints (snapshots kept before they were clipped). */
function clipped(p: LabelParty): LabelParty {
  const L = LABEL_TEXT_LIMITS;
  const c = (v: string | null, limit: number) => (v === null ? null : clip(v, limit));
  return {
    name: c(p.name, L.name),
    phone: c(p.phone, L.phone),
    address: c(p.address, L.address),
    district: c(p.district, L.place),
    city: c(p.city, L.place),
    province: c(p.province, L.place),
    postalCode: c(p.postalCode, L.place),
  };
}

export function labelView(
  row: LabelRow & { label: LabelSnapshot },
  shopName: string,
  couriers?: CourierNames,
): LabelView {
  const { label } = row;
  const L = LABEL_TEXT_LIMITS;
  const grams = label.items.reduce((sum, i) => sum + i.grams * i.quantity, 0);
  return {
    shipmentId: row.id,
    waybill: clip(row.waybillId ?? "", L.waybill),
    // As the service names it ("SiCepat Reguler"); its codes when the list is not at hand.
    courier: courierName(row.courierCompany, row.courierType, couriers) ?? "",
    routingCode: label.routingCode === null ? null : clip(label.routingCode, L.routingCode),
    shopName: clip(shopName, L.shopName),
    // The label says "Order #1001" (or "Order 5123…" for an order whose name is not known).
    orderName: clip(row.orderName ?? row.orderId, L.orderName),
    sender: clipped(label.sender),
    receiver: clipped(label.receiver),
    cod: label.cod === null ? null : formatMoney(label.cod, label.currency, "id-ID"),
    weight: weightWords(grams),
    contents: clip(
      label.items.map((i) => `${i.quantity} × ${clip(i.name, L.contents)}`).join(", "),
      L.contents,
    ),
  };
}

/** The last line of an address: district, city, province and postal code, those known. */
export function placeLine(p: LabelParty): string {
  const place = [p.district, p.city, p.province].filter(Boolean).join(", ");
  return [place, p.postalCode].filter(Boolean).join(" ");
}
