import { courierName, formatMoney } from "../shipments/wording";
import type { LabelParty, LabelSnapshot } from "./snapshot";

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

export function labelView(row: LabelRow & { label: LabelSnapshot }, shopName: string): LabelView {
  const { label } = row;
  const grams = label.items.reduce((sum, i) => sum + i.grams * i.quantity, 0);
  return {
    shipmentId: row.id,
    waybill: row.waybillId ?? "",
    courier: courierName(row.courierCompany, row.courierType) ?? "",
    routingCode: label.routingCode,
    shopName,
    // The label says "Order #1001" (or "Order 5123…" for an order whose name is not known).
    orderName: row.orderName ?? row.orderId,
    sender: label.sender,
    receiver: label.receiver,
    cod: label.cod === null ? null : formatMoney(label.cod, label.currency, "id-ID"),
    weight: weightWords(grams),
    contents: label.items.map((i) => `${i.quantity} × ${i.name}`).join(", "),
  };
}

/** The last line of an address: district, city, province and postal code, those known. */
export function placeLine(p: LabelParty): string {
  const place = [p.district, p.city, p.province].filter(Boolean).join(", ");
  return [place, p.postalCode].filter(Boolean).join(" ");
}
