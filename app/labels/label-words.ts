import { parcelFacts } from "../shipments/parcel-facts";
import type { ShipmentContents } from "../orders/map-types";
import { courierName, dayOf, formatMoney } from "../shipments/status-words";
import type { CourierNames } from "../shipments/courier-names";
import type { LabelParty, LabelSnapshot } from "../db/json-columns";
import { DEFAULT_TIME_ZONE } from "../platform/zoned-time";
import { LABEL_TEXT_LIMITS, clip } from "./bounded-text";

/** Everything one label prints, in words. */
export interface LabelWords {
  shipmentId: string;
  waybill: string;
  /** "JNE REG" */
  courier: string;
  routingCode: string | null;
  /**
   * Without a routing code, what a hub sorts by, as large: the destination's city and postal
   * code ("JAKARTA BARAT 11530"); null when the service gave a routing code.
   */
  destinationCode: string | null;
  shopName: string;
  orderName: string;
  /** "27 Nov 2026": the day the courier was booked, in the shop's zone; null when not known. */
  bookedOn: string | null;
  /** Which piece of how many ("1/1"): a shipment is one parcel. */
  pieces: string;
  sender: LabelParty;
  receiver: LabelParty;
  /** "Rp150.000", or null for a prepaid parcel (the label says NON-COD). */
  cod: string | null;
  /** "1,25 kg", "850 g" */
  weight: string;
  /**
   * What the buyer paid for shipping at checkout ("Rp19.000", "Gratis"), the figure a buyer may
   * see on the parcel; null when not known. Never what the merchant pays the service (with its
   * COD fee): that is the merchant's cost, not the buyer's.
   */
  shippingCost: string | null;
  /** The goods' declared value; null when the items carry none. */
  declaredValue: string | null;
  /** The value insured; false when the parcel is not insured, null when that is not known. */
  insured: string | false | null;
  /** The note for the courier (the store order's note); null when none. */
  note: string | null;
  /** One line per item: "2 × Kemeja Batik Parang". */
  contents: string[];
}

export interface LabelRow {
  id: string;
  orderId: string;
  orderName: string | null;
  waybillId: string | null;
  courierCompany: string | null;
  courierType: string | null;
  label: LabelSnapshot | null;
  /** What the buyer paid for shipping at checkout (the store order's shipping lines); null when not known. */
  shippingCharged?: string | null;
  /** What the draft carried (items with weights and sizes): the weight charged, as the page says it. */
  contents?: unknown;
}

/** What the shop's settings let a label print (`labelShippingCost`, `labelMaskPhone`). */
export interface LabelShows {
  /** The buyer's shipping charge; off: the label prints no ongkir line. */
  shippingCost: boolean;
  /** The buyer's phone with its middle digits hidden. */
  maskPhone: boolean;
}

/**
 * A phone number with all but its first four and last three digits as stars, its other
 * characters kept ("+6281234567890" → "+6281******890"); a number of under eight digits is
 * all stars but its last two.
 */
export function maskedPhone(phone: string | null): string | null {
  if (phone === null) return null;
  const digits = phone.replace(/\D/g, "").length;
  const [head, tail] = digits >= 8 ? [4, 3] : [0, 2];
  let seen = 0;
  return clip(
    phone.replace(/\d/g, (d) => {
      seen += 1;
      return seen <= head || seen > digits - tail ? d : "*";
    }),
    LABEL_TEXT_LIMITS.phone,
  );
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

/** "27 Nov 2026" in `timeZone` (the pages' own day words, in Indonesian); null for no date. */
function dayWords(iso: string, timeZone: string): string | null {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : dayOf(at, { locale: "id-ID", timeZone });
}

/** The sorting code a label prints large when the courier gave none: city and postal code. */
function destinationCode(p: LabelParty): string | null {
  const code = [p.city?.toLocaleUpperCase("id-ID"), p.postalCode].filter(Boolean).join(" ");
  return code ? clip(code, LABEL_TEXT_LIMITS.destination) : null;
}

/** The contents as lines, the most a label prints; the rest counted on the last line. */
function contentLines(items: LabelSnapshot["items"]): string[] {
  const L = LABEL_TEXT_LIMITS;
  const lines = items.map((i) => `${i.quantity} × ${clip(i.name, L.item)}`);
  if (lines.length <= L.items) return lines;
  const rest = items.slice(L.items - 1).reduce((sum, i) => sum + i.quantity, 0);
  return [...lines.slice(0, L.items - 1), `… dan ${rest} barang lain / and ${rest} more`];
}

/**
 * A label's words from the shipment and its kept label facts. `timeZone`: the shop's, in which
 * the booking's day is written (WIB when not given).
 */
export function labelWords(
  row: LabelRow & { label: LabelSnapshot },
  shopName: string,
  couriers?: CourierNames,
  timeZone: string = DEFAULT_TIME_ZONE,
  show: LabelShows = { shippingCost: true, maskPhone: false },
): LabelWords {
  const { label } = row;
  const L = LABEL_TEXT_LIMITS;
  // The weight the parcel is charged by, as its page says it ("Berat ditagih": some items may
  // weigh by their size); the booked items' own weights when the draft's contents are not kept.
  const grams =
    parcelFacts((row.contents ?? null) as ShipmentContents | null, label)?.chargeableGrams ??
    label.items.reduce((sum, i) => sum + i.grams * i.quantity, 0);
  const money = (amount: number | null | undefined) =>
    typeof amount === "number" && amount > 0
      ? clip(formatMoney(amount, label.currency, "id-ID") ?? "", L.money)
      : null;
  const valued = label.items.filter((i) => typeof i.value === "number" && i.value > 0);
  const routingCode = label.routingCode === null ? null : clip(label.routingCode, L.routingCode);
  return {
    shipmentId: row.id,
    waybill: clip(row.waybillId ?? "", L.waybill),
    // As the service names it ("SiCepat Reguler"); its codes when the list is not at hand.
    courier: courierName(row.courierCompany, row.courierType, couriers) ?? "",
    routingCode,
    destinationCode: routingCode ? null : destinationCode(label.receiver),
    shopName: clip(shopName, L.shopName),
    // The label says "Pesanan #1001" (or "Pesanan 5123…" for an order whose name is not known),
    // with the order's name in a QR code too.
    orderName: clip(row.orderName ?? row.orderId, L.orderName),
    bookedOn: label.bookedAt ? dayWords(label.bookedAt, timeZone) : null,
    pieces: "1/1",
    sender: clipped(label.sender),
    receiver: show.maskPhone
      ? { ...clipped(label.receiver), phone: maskedPhone(label.receiver.phone) }
      : clipped(label.receiver),
    cod: label.cod === null ? null : formatMoney(label.cod, label.currency, "id-ID"),
    weight: weightWords(grams),
    shippingCost:
      !show.shippingCost || row.shippingCharged === null || row.shippingCharged === undefined
        ? null
        : Number(row.shippingCharged) > 0
          ? money(Number(row.shippingCharged))
          : "Gratis",
    // Only when every item carries its value: a sum of some would understate the parcel.
    declaredValue:
      valued.length > 0 && valued.length === label.items.length
        ? money(valued.reduce((sum, i) => sum + (i.value ?? 0) * i.quantity, 0))
        : null,
    insured:
      label.insured === undefined || label.insured === null
        ? null
        : (money(label.insured) ?? false),
    note: label.note ? clip(label.note, L.note) : null,
    contents: contentLines(label.items),
  };
}

/** The last line of an address: district, city, province and postal code, those known. */
export function placeLine(p: LabelParty): string {
  const place = [p.district, p.city, p.province].filter(Boolean).join(", ");
  return [place, p.postalCode].filter(Boolean).join(" ");
}
