/**
 * The shipping service's value lists, codes and normalisers: plain data, no zod, so that the admin's
 * pages (which show statuses, COD types and couriers) do not carry the contract's schemas to the
 * browser. app/shipping/contract.ts re-exports all of it with the schemas.
 */

// ---------------------------------------------------------------------------------------------
// Value lists

export const ITEM_CATEGORIES = [
  "fashion",
  "healthcare",
  "food_and_drink",
  "electronic",
  "beauty",
  "outdoor_gear",
  "home_accessories",
  "hobby",
  "collection",
  "sparepart",
  "groceries",
  "frozen_food",
  "others",
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

export const DELIVERY_TYPES = ["now", "scheduled"] as const;
export const COLLECTION_METHODS = ["pickup", "drop_off"] as const;
export const COD_TYPES = ["7_days", "5_days", "3_days"] as const;
export type CodType = (typeof COD_TYPES)[number];
/** Highest cash-on-delivery amount the service accepts (40002030 above it). */
export const COD_MAX_AMOUNT = 15_000_000;

export const DRAFT_STATUSES = ["placed", "ready", "confirmed"] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** The service's 14 order statuses. There is no `in_transit`: a parcel goes picked → dropping_off. */
export const ORDER_STATUSES = [
  "confirmed",
  "scheduled",
  "allocated",
  "picking_up",
  "picked",
  "on_hold",
  "dropping_off",
  "delivered",
  "cancelled",
  "return_in_transit",
  "returned",
  "rejected",
  "disposed",
  "courier_not_found",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TERMINAL_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  "delivered",
  "cancelled",
  "returned",
  "rejected",
  "disposed",
  "courier_not_found",
]);
export const CANCELLABLE_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  "confirmed",
  "scheduled",
  "allocated",
  "picking_up",
]);

export const CANCELLATION_REASON_CODES = [
  "change_courier",
  "pickup_delay",
  "change_address",
  "others",
] as const;
export type CancellationReasonCode = (typeof CANCELLATION_REASON_CODES)[number];

/** Courier codes of the service's catalogue (the reference's list). */
export const COURIER_CODES = [
  "jne",
  "sicepat",
  "anteraja",
  "jnt",
  "tiki",
  "ninja",
  "lion",
  "sap",
  "pos",
  "grab",
  "gojek",
  "paxel",
  "lalamove",
  "borzo",
] as const;

/** Couriers whose services need coordinates on both sides. */
export const INSTANT_COURIERS: ReadonlySet<string> = new Set([
  "gojek",
  "grab",
  "paxel",
  "lalamove",
  "borzo",
]);

/** Service codes named in the reference (SSS MM NNN: HTTP-like status, module, sequence). */
export const CODES = {
  draftCreated: 20111002,
  draftRetrieved: 20011004,
  draftUpdated: 20011003,
  /** Undocumented: the sandbox's choice, next in the draft module's sequence (2 created, 3 updated, 4 retrieved). */
  draftDeleted: 20011005,
  rates: 20001007,
  draftRates: 20001003,

  invalidKey: 40000001,
  missingKey: 40101001,
  authorizationRefused: 40101002,
  keyRefused: 40101003,
  forbidden: 40301001,
  forbiddenMode: 40301002,
  badRequest: 40000002,
  notFound: 40400001,
  payloadTooLarge: 41300001,
  rateLimited: 42900001,
  internal: 50000001,

  ratesInvalidPostalCode: 40001001,
  ratesMissingParameter: 40001002,
  ratesNoCourier: 40001010,

  deliveryTypeMissing: 40002005,
  deliveryTypeInvalid: 40002006,
  destinationLocatorMissing: 40002010,
  originLocatorMissing: 40002011,
  timePassed: 40002013,
  originNameMissing: 40002014,
  originPhoneMissing: 40002015,
  originAddressMissing: 40002016,
  destinationNameMissing: 40002017,
  destinationPhoneMissing: 40002018,
  destinationAddressMissing: 40002019,
  originCoordinateIncomplete: 40002022,
  courierNeedsOriginCoordinate: 40002023,
  destinationCoordinateIncomplete: 40002024,
  courierNeedsDestinationCoordinate: 40002025,
  courierUnknown: 40002026,
  /** GET /v1/trackings/:id for an id the service has no tracking for ("Failed to retrieve tracking number."). */
  trackingNotFound: 40003001,
  /** GET /v1/trackings/:waybill_id/couriers/:courier_code for a waybill it does not know. */
  waybillNotFound: 40003003,
  courierTypeUnknown: 40002027,
  codNotAvailable: 40002028,
  codTypeInvalid: 40002029,
  codTooHigh: 40002030,
  courierNoCod: 40002031,
  podNoteRequired: 40002032,
  courierNoPod: 40002033,
  courierNoInsurance: 40002034,
  deliveryDateMissing: 40002035,
  deliveryTimeMissing: 40002036,
  updateFailed: 40002043,
  updateAlreadyConfirmed: 40002044,
  updateDelivered: 40002045,
  updateCancelled: 40002046,
  updateInProcess: 40002047,
  cancelNotAllowed: 40002053,
  orderNotFound: 40002057,
  tagsNotArray: 40002058,
  referenceUsed: 40002060,
  dateFormat: 40002061,
  timeFormat: 40002062,

  draftBadRequest: 40011001,
  draftNotFound: 40411007,
  draftAlreadyConfirmed: 42211006,
  draftNotReady: 42211008,
  draftCodTypeInvalid: 42211010,
  draftCodTooHigh: 42211011,
  draftCourierNoCod: 42211012,
  draftPostalCode: 42211013,
  draftReferenceUsed: 42211015,

  locationNotFound: 40410001,
  locationBadRequest: 40010001,
} as const;

// ---------------------------------------------------------------------------------------------
// Normalisers

/** Courier codes are lowercase at the service; callers may send any case. */
export function normaliseCourierCode(code: string): string {
  return code.trim().toLowerCase();
}

export function sameCourier(a: string | null | undefined, b: string | null | undefined): boolean {
  return a != null && b != null && normaliseCourierCode(a) === normaliseCourierCode(b);
}

/**
 * Order statuses arrive as `picking_up` from order endpoints and `pickingUp` from tracking
 * endpoints (and in any case from events). Returns null for a status the contract does not list.
 */
export function normaliseOrderStatus(status: string | null | undefined): OrderStatus | null {
  if (!status) return null;
  const snake = status
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[\s-]+/g, "_")
    .toLowerCase();
  return (ORDER_STATUSES as readonly string[]).includes(snake) ? (snake as OrderStatus) : null;
}
