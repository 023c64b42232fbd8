/**
 * The shipping service's contract: value lists, codes, and the zod schemas and types of every
 * request and response. One module for both sides: the app's client (app/shipping/client.server.ts)
 * parses every answer with these schemas, and the sandbox (sandbox/) builds its answers to them.
 *
 * Sources: the service's interface specification and its public documentation (Biteship's API),
 * checked against open-source clients that ran against the live service; sandbox/README.md says
 * what is documented and what is an option because the documentation is unclear. Response schemas
 * are tolerant (unknown fields kept, most fields nullable) because the real service adds fields
 * over time; request schemas are as strict as the service is, never stricter.
 */
import { z } from "zod";
import {
  ITEM_CATEGORIES,
  DELIVERY_TYPES,
  COLLECTION_METHODS,
  COD_TYPES,
  DRAFT_STATUSES,
  CANCELLATION_REASON_CODES,
} from "./codes";

export * from "./codes";

// ---------------------------------------------------------------------------------------------
// Shared pieces

const nullableString = z.string().nullish();
const nullableNumber = z.number().nullish();

export const coordinateSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Coordinate = z.infer<typeof coordinateSchema>;

export const itemSchema = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  category: z.enum(ITEM_CATEGORIES).optional(),
  sku: z.string().optional(),
  value: z.number().nonnegative(),
  quantity: z.number().int().positive(),
  weight: z.number().positive(),
  height: z.number().nonnegative().optional(),
  length: z.number().nonnegative().optional(),
  width: z.number().nonnegative().optional(),
});
export type Item = z.infer<typeof itemSchema>;

/** A number, or a string holding one: the documentation declares coordinates and postal codes as strings, its examples send numbers. */
const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "must be a number"),
]);
const latitudeIn = numeric.refine((v) => Math.abs(Number(v)) <= 90, "must be between -90 and 90");
const longitudeIn = numeric.refine(
  (v) => Math.abs(Number(v)) <= 180,
  "must be between -180 and 180",
);
const postalCodeIn = z.union([
  z.number().int().min(10000).max(99999),
  z
    .string()
    .trim()
    .regex(/^\d{5}$/, "must be 5 digits"),
]);

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

// ---------------------------------------------------------------------------------------------
// Draft orders

/** POST /v1/draft_orders (section 2.1). */
export const draftOrderCreateRequestSchema = z.object({
  shipper_contact_name: z.string().optional(),
  shipper_contact_phone: z.string().optional(),
  shipper_contact_email: z.string().optional(),
  shipper_organization: z.string().optional(),
  origin_contact_name: z.string().min(1),
  origin_contact_phone: z.string().min(1),
  origin_contact_email: z.string().optional(),
  origin_address: z.string().min(1),
  origin_note: z.string().optional(),
  origin_postal_code: z.number().int().positive().optional(),
  origin_coordinate: coordinateSchema.optional(),
  origin_area_id: z.string().optional(),
  origin_location_id: z.string().optional(),
  origin_collection_method: z.enum(COLLECTION_METHODS).optional(),
  destination_contact_name: z.string().min(1),
  destination_contact_phone: z.string().min(1),
  destination_contact_email: z.string().optional(),
  destination_address: z.string().min(1),
  destination_note: z.string().optional(),
  destination_postal_code: z.number().int().positive().optional(),
  destination_coordinate: coordinateSchema.optional(),
  destination_area_id: z.string().optional(),
  destination_location_id: z.string().optional(),
  destination_cash_on_delivery: z.number().positive().optional(),
  destination_cash_on_delivery_type: z.enum(COD_TYPES).optional(),
  destination_proof_of_delivery: z.boolean().optional(),
  destination_proof_of_delivery_note: z.string().optional(),
  courier_company: z.string().optional(),
  courier_type: z.string().optional(),
  courier_insurance: z.number().nonnegative().optional(),
  delivery_type: z.enum(DELIVERY_TYPES),
  delivery_date: z.string().regex(datePattern, "must be YYYY-MM-DD").optional(),
  delivery_time: z.string().regex(timePattern, "must be HH:mm").optional(),
  order_note: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  reference_id: z.string().min(1).optional(),
  tags: z.array(z.string()).optional(),
  items: z.array(itemSchema).min(1),
});
export type DraftOrderCreateRequest = z.infer<typeof draftOrderCreateRequestSchema>;

/** POST /v1/draft_orders/:id: any subset of the create fields. */
/** A partial update; null removes cash on delivery or insurance the draft no longer needs. */
export const draftOrderUpdateRequestSchema = draftOrderCreateRequestSchema.partial().extend({
  destination_cash_on_delivery: z.number().positive().nullish(),
  courier_insurance: z.number().nonnegative().nullish(),
});
export type DraftOrderUpdateRequest = z.infer<typeof draftOrderUpdateRequestSchema>;

const coordinateOut = z.object({ latitude: nullableNumber, longitude: nullableNumber }).nullish();

const sideSchema = z.looseObject({
  area_id: nullableString,
  address: nullableString,
  note: nullableString,
  contact_name: nullableString,
  contact_phone: nullableString,
  contact_email: nullableString,
  coordinate: coordinateOut,
  province_name: nullableString,
  city_name: nullableString,
  district_name: nullableString,
  postal_code: z.union([z.number(), z.string()]).nullish(),
  collection_method: nullableString,
});

const proofOfDeliverySchema = z.looseObject({
  use: z.boolean().nullish(),
  fee: nullableNumber,
  note: nullableString,
  link: nullableString,
});

const cashOnDeliverySchema = z.looseObject({
  id: nullableString,
  payment_method: nullableString,
  amount: nullableNumber,
  amount_currency: nullableString,
  fee: nullableNumber,
  fee_currency: nullableString,
  note: nullableString,
  type: nullableString,
});

const insuranceSchema = z.looseObject({
  amount: nullableNumber,
  fee: nullableNumber,
  note: nullableString,
  amount_currency: nullableString,
  fee_currency: nullableString,
});

const itemOutSchema = z.looseObject({
  name: z.string(),
  description: nullableString,
  category: nullableString,
  sku: nullableString,
  value: nullableNumber,
  currency: nullableString,
  quantity: nullableNumber,
  height: nullableNumber,
  width: nullableNumber,
  length: nullableNumber,
  weight: nullableNumber,
});

const deliverySchema = z.looseObject({
  type: nullableString,
  datetime: nullableString,
  note: nullableString,
  distance: nullableNumber,
  distance_unit: nullableString,
});

/** The draft order object (section 2.3). */
export const draftOrderSchema = z.looseObject({
  success: z.boolean().optional(),
  code: z.number().optional(),
  message: z.string().optional(),
  object: z.literal("draft_order").optional(),
  id: z.string(),
  order_id: nullableString,
  origin: sideSchema.nullish(),
  destination: sideSchema
    .extend({
      proof_of_delivery: proofOfDeliverySchema.nullish(),
      cash_on_delivery: cashOnDeliverySchema.nullish(),
    })
    .nullish(),
  courier: z
    .looseObject({
      name: nullableString,
      phone: nullableString,
      company: nullableString,
      type: nullableString,
      link: nullableString,
      tracking_id: nullableString,
      waybill_id: nullableString,
      insurance: insuranceSchema.nullish(),
      routing_code: nullableString,
    })
    .nullish(),
  delivery: deliverySchema.nullish(),
  extra: z.array(z.unknown()).nullish(),
  tags: z.array(z.string()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  items: z.array(itemOutSchema).nullish(),
  currency: nullableString,
  tax_lines: z.array(z.unknown()).nullish(),
  price: nullableNumber,
  status: z.enum(DRAFT_STATUSES),
  reference_id: nullableString,
  invoice_id: nullableString,
  user_id: nullableString,
  created_at: nullableString,
  updated_at: nullableString,
  placed_at: nullableString,
  ready_at: nullableString,
  confirmed_at: nullableString,
  deleted_at: nullableString,
});
export type DraftOrder = z.infer<typeof draftOrderSchema>;

/** The delete answer is undocumented: some answers carry the id, some only a message. */
export const draftOrderDeleteResponseSchema = z.looseObject({
  success: z.literal(true),
  code: z.number().optional(),
  object: z.string().optional(),
  id: z.string().optional(),
  message: z.string().optional(),
});
export type DraftOrderDeleteResponse = z.infer<typeof draftOrderDeleteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Orders

/** POST /v1/orders: a draft create whose courier is required. */
export const orderCreateRequestSchema = draftOrderCreateRequestSchema.extend({
  courier_company: z.string().min(1),
  courier_type: z.string().min(1),
});
export type OrderCreateRequest = z.infer<typeof orderCreateRequestSchema>;

/** POST /v1/orders/:id (only before the order is in process). */
export const orderUpdateRequestSchema = draftOrderCreateRequestSchema.partial();
export type OrderUpdateRequest = z.infer<typeof orderUpdateRequestSchema>;

const historyEntrySchema = z.looseObject({
  service_type: nullableString,
  status: z.string(),
  note: nullableString,
  updated_at: nullableString,
});

export const orderSchema = z.looseObject({
  success: z.boolean().optional(),
  message: z.string().optional(),
  object: z.literal("order").optional(),
  id: z.string(),
  draft_order_id: nullableString,
  short_id: nullableString,
  shipper: z
    .looseObject({
      name: nullableString,
      email: nullableString,
      phone: nullableString,
      organization: nullableString,
    })
    .nullish(),
  origin: sideSchema.nullish(),
  destination: sideSchema
    .extend({
      proof_of_delivery: proofOfDeliverySchema.nullish(),
      cash_on_delivery: cashOnDeliverySchema.nullish(),
    })
    .nullish(),
  courier: z
    .looseObject({
      tracking_id: nullableString,
      waybill_id: nullableString,
      company: nullableString,
      type: nullableString,
      driver_name: nullableString,
      driver_phone: nullableString,
      driver_photo_url: nullableString,
      driver_plate_number: nullableString,
      link: nullableString,
      shipment_fee: nullableNumber,
      insurance: insuranceSchema.nullish(),
      routing_code: nullableString,
      history: z.array(historyEntrySchema).nullish(),
    })
    .nullish(),
  delivery: deliverySchema.nullish(),
  reference_id: nullableString,
  invoice_id: nullableString,
  items: z.array(itemOutSchema).nullish(),
  extra: z.array(z.unknown()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  tags: z.array(z.string()).nullish(),
  note: nullableString,
  currency: nullableString,
  tax_lines: z.array(z.unknown()).nullish(),
  price: nullableNumber,
  /** Kept as the service spells it; use normaliseOrderStatus() to compare. */
  status: z.string(),
  ticket_status: nullableString,
  voucher: z.unknown().nullish(),
  stops: z.array(z.unknown()).nullish(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderCancelRequestSchema = z
  .object({
    cancellation_reason_code: z.enum(CANCELLATION_REASON_CODES),
    cancellation_reason: z.string().min(1).optional(),
  })
  .refine((v) => v.cancellation_reason_code !== "others" || v.cancellation_reason, {
    message: "cancellation_reason is required when cancellation_reason_code is others",
    path: ["cancellation_reason"],
  });
export type OrderCancelRequest = z.infer<typeof orderCancelRequestSchema>;

export const orderCancelResponseSchema = z.looseObject({
  success: z.literal(true),
  message: z.string().optional(),
  object: z.literal("order").optional(),
  id: z.string(),
  status: z.string(),
  cancellation_reason_code: nullableString,
  cancellation_reason: nullableString,
});
export type OrderCancelResponse = z.infer<typeof orderCancelResponseSchema>;

export const cancellationReasonsResponseSchema = z.looseObject({
  success: z.literal(true),
  message: z.string().optional(),
  cancellation_reasons: z.array(z.looseObject({ code: z.string(), reason: z.string() })),
});
export type CancellationReasonsResponse = z.infer<typeof cancellationReasonsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Rates and couriers

/**
 * POST /v1/rates/couriers. Each side by area id, coordinates or postal code (coordinates and
 * postal codes as numbers or strings). With `type: "origin_suggestion_to_closest_destination"` the
 * origin may be left out: the service prices from the key's origin location nearest the destination.
 */
export const ratesRequestSchema = z.object({
  type: z.literal("origin_suggestion_to_closest_destination").optional(),
  origin_area_id: z.string().optional(),
  origin_latitude: latitudeIn.optional(),
  origin_longitude: longitudeIn.optional(),
  origin_postal_code: postalCodeIn.optional(),
  destination_area_id: z.string().optional(),
  destination_latitude: latitudeIn.optional(),
  destination_longitude: longitudeIn.optional(),
  destination_postal_code: postalCodeIn.optional(),
  /** Comma-separated courier codes, e.g. "jne,sicepat,grab". */
  couriers: z.string().min(1),
  items: z.array(itemSchema).min(1),
  courier_insurance: z.number().nonnegative().optional(),
  destination_cash_on_delivery: z.number().positive().optional(),
  destination_cash_on_delivery_type: z.enum(COD_TYPES).optional(),
});
export type RatesRequest = z.infer<typeof ratesRequestSchema>;

export const pricingSchema = z.looseObject({
  company: z.string(),
  courier_name: nullableString,
  courier_code: z.string(),
  courier_service_name: nullableString,
  courier_service_code: z.string(),
  type: nullableString,
  description: nullableString,
  duration: nullableString,
  shipment_duration_range: nullableString,
  shipment_duration_unit: nullableString,
  service_type: nullableString,
  shipping_type: nullableString,
  price: z.number(),
  shipping_fee: nullableNumber,
  shipping_fee_discount: nullableNumber,
  shipping_fee_surcharge: nullableNumber,
  insurance_fee: nullableNumber,
  cash_on_delivery_fee: nullableNumber,
  currency: nullableString,
  tax_lines: z.array(z.unknown()).nullish(),
  available_collection_method: z.array(z.string()).nullish(),
  available_for_cash_on_delivery: z.boolean().nullish(),
  available_for_proof_of_delivery: z.boolean().nullish(),
  available_for_instant_waybill_id: z.boolean().nullish(),
  available_for_insurance: z.boolean().nullish(),
});
export type Pricing = z.infer<typeof pricingSchema>;

/** Country and the three administrative levels, as areas and resolved locations name them. */
const divisionFields = {
  country_name: nullableString,
  country_code: nullableString,
  administrative_division_level_1_name: nullableString,
  administrative_division_level_1_type: nullableString,
  administrative_division_level_2_name: nullableString,
  administrative_division_level_2_type: nullableString,
  administrative_division_level_3_name: nullableString,
  administrative_division_level_3_type: nullableString,
};

/** Where a rate is from or to, as the service resolved it (not an echo of the request). */
export const locationDetailSchema = z.looseObject({
  location_id: nullableString,
  latitude: z.union([z.number(), z.string()]).nullish(),
  longitude: z.union([z.number(), z.string()]).nullish(),
  postal_code: z.union([z.number(), z.string()]).nullish(),
  ...divisionFields,
  /** The village (kelurahan or desa). */
  administrative_division_level_4_name: nullableString,
  administrative_division_level_4_type: nullableString,
  /** The location's address when the side is one of the key's locations, else null. */
  address: nullableString,
});
export type LocationDetail = z.infer<typeof locationDetailSchema>;

export const ratesResponseSchema = z.looseObject({
  success: z.literal(true),
  object: z.string().optional(),
  message: z.string().optional(),
  code: z.number().optional(),
  origin: locationDetailSchema.nullish(),
  destination: locationDetailSchema.nullish(),
  /** Draft rates carry the draft's stops (none for a two-point shipment). */
  stops: z.array(z.unknown()).nullish(),
  pricing: z.array(pricingSchema),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;

export const courierServiceSchema = z.looseObject({
  courier_name: z.string(),
  courier_code: z.string(),
  courier_service_name: z.string(),
  courier_service_code: z.string(),
  tier: nullableString,
  description: nullableString,
  service_type: nullableString,
  shipping_type: nullableString,
  shipment_duration_range: nullableString,
  shipment_duration_unit: nullableString,
  available_collection_method: z.array(z.string()).nullish(),
  available_for_cash_on_delivery: z.boolean().nullish(),
  available_for_proof_of_delivery: z.boolean().nullish(),
  available_for_instant_waybill_id: z.boolean().nullish(),
});
export type CourierService = z.infer<typeof courierServiceSchema>;

export const couriersResponseSchema = z.looseObject({
  success: z.literal(true),
  object: z.string().optional(),
  couriers: z.array(courierServiceSchema),
});
export type CouriersResponse = z.infer<typeof couriersResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Locations

export const locationCreateRequestSchema = z.object({
  name: z.string().min(1),
  contact_name: z.string().min(1),
  contact_phone: z.string().min(1),
  address: z.string().min(1),
  note: z.string().optional(),
  /** Declared as strings by the documentation, sent as numbers by its example: both accepted. */
  postal_code: postalCodeIn,
  latitude: latitudeIn.optional(),
  longitude: longitudeIn.optional(),
  type: z.enum(["origin", "destination"]),
});
export type LocationCreateRequest = z.infer<typeof locationCreateRequestSchema>;

export const locationUpdateRequestSchema = locationCreateRequestSchema.partial();
export type LocationUpdateRequest = z.infer<typeof locationUpdateRequestSchema>;

export const locationSchema = z.looseObject({
  success: z.boolean().optional(),
  id: z.string(),
  name: nullableString,
  contact_name: nullableString,
  contact_phone: nullableString,
  address: nullableString,
  note: nullableString,
  postal_code: z.union([z.number(), z.string()]).nullish(),
  latitude: z.union([z.number(), z.string()]).nullish(),
  longitude: z.union([z.number(), z.string()]).nullish(),
  type: nullableString,
  created_at: nullableString,
  updated_at: nullableString,
});
export type Location = z.infer<typeof locationSchema>;

export const locationDeleteResponseSchema = z.looseObject({
  success: z.literal(true),
  id: z.string(),
  message: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------
// Areas and tracking

export const areaSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  ...divisionFields,
  postal_code: z.union([z.number(), z.string()]).nullish(),
});
export type Area = z.infer<typeof areaSchema>;

export const areasResponseSchema = z.looseObject({
  success: z.literal(true),
  areas: z.array(areaSchema),
});

/** GET /v1/maps/areas/:id: the same list shape, holding the one area. */
export const areaResponseSchema = areasResponseSchema;

export const trackingSchema = z.looseObject({
  success: z.boolean().optional(),
  object: z.string().optional(),
  id: z.string(),
  waybill_id: nullableString,
  link: nullableString,
  order_id: nullableString,
  status: z.string(),
  courier: z.record(z.string(), z.unknown()).nullish(),
  origin: z.record(z.string(), z.unknown()).nullish(),
  destination: z.record(z.string(), z.unknown()).nullish(),
  history: z.array(historyEntrySchema).nullish(),
});
export type Tracking = z.infer<typeof trackingSchema>;

// ---------------------------------------------------------------------------------------------
// Errors and events

/**
 * The service's error envelope. `details` carries extra data (e.g. the order a reference belongs
 * to). The documentation's generic example has no `code`: the message is kept without one.
 */
export const errorBodySchema = z.looseObject({
  success: z.literal(false),
  error: z.string(),
  code: z.number().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Events the service posts to a registered webhook URL: flat JSON bodies, each event its own
 * shape (as receivers written against the live service read them). `order.price` carries `price`
 * and never `order_price`; `shippment_fee` is the service's spelling.
 */
export const shippingEventSchema = z.discriminatedUnion("event", [
  z.looseObject({
    event: z.literal("order.status"),
    order_id: z.string(),
    courier_tracking_id: nullableString,
    courier_waybill_id: nullableString,
    courier_company: nullableString,
    courier_type: nullableString,
    courier_driver_name: nullableString,
    courier_driver_phone: nullableString,
    courier_driver_photo_url: nullableString,
    courier_driver_plate_number: nullableString,
    courier_link: nullableString,
    order_price: nullableNumber,
    status: nullableString,
  }),
  z.looseObject({
    event: z.literal("order.price"),
    order_id: z.string(),
    courier_tracking_id: nullableString,
    courier_waybill_id: nullableString,
    price: nullableNumber,
    shippment_fee: nullableNumber,
    cash_on_delivery_fee: nullableNumber,
    proof_of_delivery_fee: nullableNumber,
    status: nullableString,
    updated_at: nullableString,
  }),
  z.looseObject({
    event: z.literal("order.waybill_id"),
    order_id: z.string(),
    courier_tracking_id: nullableString,
    courier_waybill_id: nullableString,
    courier_company: nullableString,
    status: nullableString,
  }),
]);
export type ShippingEvent = z.infer<typeof shippingEventSchema>;
