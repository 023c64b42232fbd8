import type { ShipmentContents } from "../orders/map-types";
import { COD_TYPES, type CodType } from "../shipping/codes";

/**
 * Cash on delivery after the booking: what a parcel's courier collects, and when the service pays
 * it out. The service disburses collected COD a fixed number of days after the delivery, by the
 * window the draft asked for (`destination_cash_on_delivery_type`: 7_days, 5_days or 3_days).
 */

/** The cash the courier collects for a shipment (its draft's COD), or null for a prepaid parcel. */
export function codAmount(shipment: { contents: unknown }): number | null {
  const cod = (shipment.contents as ShipmentContents | null)?.cod;
  return typeof cod === "number" && cod > 0 ? cod : null;
}

export const isCod = (shipment: { contents: unknown }): boolean => codAmount(shipment) !== null;

/** The shipment's disbursement window: the one its draft asked for, else the shop's current one. */
export function codTypeOf(shipment: { contents: unknown }, shopDefault: CodType): CodType {
  const kept = (shipment.contents as ShipmentContents | null)?.codType;
  return kept && (COD_TYPES as readonly string[]).includes(kept) ? kept : shopDefault;
}

/** Days from delivery to payout of a disbursement window ("5_days" → 5). */
export const payoutDays = (type: CodType): number => Number.parseInt(type, 10);

/** When the service pays out a parcel's COD: its delivery day plus the window, in days. */
export function expectedPayout(deliveredAt: Date, type: CodType): Date {
  return new Date(deliveredAt.getTime() + payoutDays(type) * 24 * 3600 * 1000);
}

/** What a parcel's cash comes to once the service's COD fee is taken (the fee unknown: all of it). */
export const netOf = (cod: number, fee: number | null): number => cod - (fee ?? 0);
