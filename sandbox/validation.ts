import {
  CODES,
  COD_MAX_AMOUNT,
  COD_TYPES,
  COLLECTION_METHODS,
  DELIVERY_TYPES,
  ITEM_CATEGORIES,
  type ItemCategory,
} from "#app/shipping/contract.ts";
import { areaById, type AreaDef } from "./areas.ts";
import { findCourier, findService, type CourierServiceDef } from "./catalogue.ts";

/** An error answered in the service's envelope `{success:false, error, code, details?}`. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type Module = "draft" | "order";

export interface SideSpec {
  contactName: string;
  contactPhone: string;
  contactEmail: string | null;
  address: string;
  note: string | null;
  postalCode: number | null;
  coordinate: { latitude: number; longitude: number } | null;
  area: AreaDef | null;
  locationId: string | null;
}

export interface ItemSpec {
  name: string;
  description: string | null;
  category: ItemCategory;
  sku: string | null;
  value: number;
  quantity: number;
  weight: number;
  length: number | null;
  width: number | null;
  height: number | null;
}

export interface ShipmentSpec {
  shipper: {
    name: string | null;
    phone: string | null;
    email: string | null;
    organization: string | null;
  };
  origin: SideSpec;
  destination: SideSpec;
  collectionMethod: "pickup" | "drop_off";
  cod: { amount: number; type: (typeof COD_TYPES)[number] } | null;
  proofOfDelivery: { note: string } | null;
  service: CourierServiceDef | null;
  insurance: number | null;
  deliveryType: "now" | "scheduled";
  deliveryDate: string | null;
  deliveryTime: string | null;
  /** The scheduled moment, ISO 8601, when delivery_type is scheduled. */
  scheduledAt: string | null;
  orderNote: string | null;
  metadata: Record<string, unknown> | null;
  referenceId: string | null;
  tags: string[];
  items: ItemSpec[];
}

type Body = Record<string, unknown>;

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** A number sent as a number or as a string holding one (the documentation declares some numbers as strings). */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}
const present = (v: unknown) => v !== undefined && v !== null && v !== "";

interface Ctx {
  module: Module;
  /** Resolves a location id of this account to a side, or undefined when unknown. */
  location: (id: string) => Omit<SideSpec, "locationId" | "area"> | undefined;
  now: () => Date;
  /** Offset of the service's local time (WIB) from UTC, minutes. */
  utcOffsetMinutes: number;
}

function badRequest(ctx: Ctx, message: string): SandboxError {
  return new SandboxError(
    400,
    ctx.module === "draft" ? CODES.draftBadRequest : CODES.badRequest,
    message,
  );
}

function optionalString(ctx: Ctx, body: Body, field: string): string | null {
  const v = body[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") throw badRequest(ctx, `${field} must be a string`);
  return v;
}

function requiredString(ctx: Ctx, body: Body, field: string, code: number): string {
  const v = body[field];
  if (!present(v)) throw new SandboxError(400, code, `${field} is required`);
  if (typeof v !== "string" || v.trim() === "")
    throw new SandboxError(400, code, `${field} must be a non-empty string`);
  return v;
}

function side(ctx: Ctx, body: Body, prefix: "origin" | "destination"): SideSpec {
  const isOrigin = prefix === "origin";
  const locationId = optionalString(ctx, body, `${prefix}_location_id`);
  const location = locationId ? ctx.location(locationId) : undefined;
  if (locationId && !location) {
    throw new SandboxError(
      400,
      isOrigin ? CODES.originLocatorMissing : CODES.destinationLocatorMissing,
      `${prefix}_location_id ${locationId} is not in your location list`,
    );
  }
  const fallback = (field: string) => (present(body[`${prefix}_${field}`]) ? undefined : location);
  const contactName =
    fallback("contact_name")?.contactName ??
    requiredString(
      ctx,
      body,
      `${prefix}_contact_name`,
      isOrigin ? CODES.originNameMissing : CODES.destinationNameMissing,
    );
  const contactPhone =
    fallback("contact_phone")?.contactPhone ??
    requiredString(
      ctx,
      body,
      `${prefix}_contact_phone`,
      isOrigin ? CODES.originPhoneMissing : CODES.destinationPhoneMissing,
    );
  const address =
    fallback("address")?.address ??
    requiredString(
      ctx,
      body,
      `${prefix}_address`,
      isOrigin ? CODES.originAddressMissing : CODES.destinationAddressMissing,
    );

  let postalCode: number | null = location?.postalCode ?? null;
  const rawPostal = body[`${prefix}_postal_code`];
  if (present(rawPostal)) {
    const n =
      typeof rawPostal === "string" && /^\d+$/.test(rawPostal) ? Number(rawPostal) : rawPostal;
    if (!isNumber(n) || !Number.isInteger(n) || n < 10000 || n > 99999) {
      throw new SandboxError(
        400,
        ctx.module === "draft" ? CODES.draftPostalCode : CODES.ratesInvalidPostalCode,
        `${prefix}_postal_code must be a 5-digit number`,
      );
    }
    postalCode = n;
  }

  let coordinate = location?.coordinate ?? null;
  const rawCoordinate = body[`${prefix}_coordinate`];
  if (rawCoordinate !== undefined && rawCoordinate !== null) {
    const c = rawCoordinate as Body;
    const code = isOrigin
      ? CODES.originCoordinateIncomplete
      : CODES.destinationCoordinateIncomplete;
    if (typeof rawCoordinate !== "object" || !isNumber(c.latitude) || !isNumber(c.longitude)) {
      throw new SandboxError(
        400,
        code,
        `${prefix}_coordinate needs numeric latitude and longitude`,
      );
    }
    if (Math.abs(c.latitude) > 90 || Math.abs(c.longitude) > 180)
      throw new SandboxError(400, code, `${prefix}_coordinate is out of range`);
    coordinate = { latitude: c.latitude, longitude: c.longitude };
  } else if (rawCoordinate === null) {
    coordinate = null;
  }

  let area: AreaDef | null = null;
  const areaId = optionalString(ctx, body, `${prefix}_area_id`);
  if (areaId) {
    area = areaById(areaId) ?? null;
    if (!area)
      throw new SandboxError(
        400,
        isOrigin ? CODES.originLocatorMissing : CODES.destinationLocatorMissing,
        `${prefix}_area_id ${areaId} is not an area id`,
      );
  }
  if (postalCode === null && coordinate === null && area === null) {
    throw new SandboxError(
      400,
      isOrigin ? CODES.originLocatorMissing : CODES.destinationLocatorMissing,
      `${prefix} needs ${prefix}_postal_code, ${prefix}_coordinate or ${prefix}_area_id`,
    );
  }
  return {
    contactName,
    contactPhone,
    contactEmail:
      optionalString(ctx, body, `${prefix}_contact_email`) ?? location?.contactEmail ?? null,
    address,
    note: optionalString(ctx, body, `${prefix}_note`) ?? location?.note ?? null,
    postalCode: postalCode ?? area?.postalCode ?? null,
    coordinate,
    area,
    locationId: locationId ?? null,
  };
}

function items(ctx: Ctx, raw: unknown): ItemSpec[] {
  if (!Array.isArray(raw) || raw.length === 0)
    throw badRequest(ctx, "items is required and must be a non-empty array");
  if (raw.length > 1000) throw badRequest(ctx, "items may hold at most 1000 entries");
  return raw.map((entry, i) => {
    const at = `items[${i}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw badRequest(ctx, `${at} must be an object`);
    const item = entry as Body;
    if (typeof item.name !== "string" || item.name.trim() === "")
      throw badRequest(ctx, `${at}.name is required`);
    for (const field of ["value", "quantity", "weight"] as const) {
      if (!isNumber(item[field]))
        throw badRequest(ctx, `${at}.${field} is required and must be a number`);
    }
    const value = item.value as number;
    const quantity = item.quantity as number;
    const weight = item.weight as number;
    if (value < 0) throw badRequest(ctx, `${at}.value must not be negative`);
    if (!Number.isInteger(quantity) || quantity < 1)
      throw badRequest(ctx, `${at}.quantity must be a whole number of at least 1`);
    if (weight <= 0) throw badRequest(ctx, `${at}.weight must be more than 0 grams`);
    const dims: Record<"length" | "width" | "height", number | null> = {
      length: null,
      width: null,
      height: null,
    };
    for (const field of ["length", "width", "height"] as const) {
      const v = item[field];
      if (v === undefined || v === null) continue;
      if (!isNumber(v) || v < 0)
        throw badRequest(ctx, `${at}.${field} must be a non-negative number of centimetres`);
      dims[field] = v;
    }
    let category: ItemCategory = "others";
    if (present(item.category)) {
      if (!(ITEM_CATEGORIES as readonly unknown[]).includes(item.category)) {
        throw badRequest(ctx, `${at}.category must be one of ${ITEM_CATEGORIES.join(", ")}`);
      }
      category = item.category as ItemCategory;
    }
    for (const field of ["description", "sku"] as const) {
      if (item[field] !== undefined && item[field] !== null && typeof item[field] !== "string")
        throw badRequest(ctx, `${at}.${field} must be a string`);
    }
    return {
      name: item.name,
      description: (item.description as string | undefined) ?? null,
      category,
      sku: (item.sku as string | undefined) ?? null,
      value,
      quantity,
      weight,
      ...dims,
    };
  });
}

/** Validates a create (or a merged update) body against every rule of the contract. */
export function validateShipment(
  body: Body,
  ctx: Ctx,
  options: { courierRequired: boolean },
): ShipmentSpec {
  const draft = ctx.module === "draft";

  // delivery_type first: the live service reports it before the contacts.
  if (!present(body.delivery_type))
    throw new SandboxError(400, CODES.deliveryTypeMissing, "delivery_type is required");
  if (!(DELIVERY_TYPES as readonly unknown[]).includes(body.delivery_type)) {
    throw new SandboxError(
      400,
      CODES.deliveryTypeInvalid,
      "delivery_type must be now or scheduled",
    );
  }
  const deliveryType = body.delivery_type as "now" | "scheduled";

  const origin = side(ctx, body, "origin");
  const destination = side(ctx, body, "destination");
  const itemList = items(ctx, body.items);

  // Courier: both or neither, and known.
  const company = optionalString(ctx, body, "courier_company");
  const type = optionalString(ctx, body, "courier_type");
  let service: CourierServiceDef | null = null;
  if (present(company) || present(type) || options.courierRequired) {
    if (!present(company))
      throw new SandboxError(
        400,
        CODES.courierUnknown,
        type
          ? "courier_company is required when courier_type is given"
          : "courier_company is required",
      );
    if (findCourier(company!).length === 0)
      throw new SandboxError(
        400,
        CODES.courierUnknown,
        `courier_company ${company} is not a known courier`,
      );
    if (!present(type))
      throw new SandboxError(
        400,
        CODES.courierTypeUnknown,
        "courier_type is required when courier_company is given",
      );
    service = findService(company!, type!) ?? null;
    if (!service)
      throw new SandboxError(
        400,
        CODES.courierTypeUnknown,
        `courier_type ${type} is not a service of ${company}`,
      );
    if (service.instant) {
      if (!origin.coordinate)
        throw new SandboxError(
          400,
          CODES.courierNeedsOriginCoordinate,
          `origin_coordinate is required for the instant courier ${service.courierCode}`,
        );
      if (!destination.coordinate)
        throw new SandboxError(
          400,
          CODES.courierNeedsDestinationCoordinate,
          `destination_coordinate is required for the instant courier ${service.courierCode}`,
        );
    }
  }

  let collectionMethod: "pickup" | "drop_off" = "pickup";
  if (present(body.origin_collection_method)) {
    if (!(COLLECTION_METHODS as readonly unknown[]).includes(body.origin_collection_method))
      throw badRequest(ctx, "origin_collection_method must be pickup or drop_off");
    collectionMethod = body.origin_collection_method as "pickup" | "drop_off";
    if (service && !service.collectionMethods.includes(collectionMethod)) {
      throw badRequest(
        ctx,
        `origin_collection_method ${collectionMethod} is not available for ${service.courierCode} ${service.serviceCode}`,
      );
    }
  }

  // Cash on delivery.
  let cod: ShipmentSpec["cod"] = null;
  const codAmount = body.destination_cash_on_delivery;
  if (present(codAmount)) {
    if (!isNumber(codAmount) || codAmount <= 0)
      throw badRequest(ctx, "destination_cash_on_delivery must be a positive number");
    if (codAmount > COD_MAX_AMOUNT)
      throw new SandboxError(
        400,
        draft ? CODES.draftCodTooHigh : CODES.codTooHigh,
        `destination_cash_on_delivery may be at most ${COD_MAX_AMOUNT}`,
      );
    const codType = body.destination_cash_on_delivery_type ?? "7_days";
    if (!(COD_TYPES as readonly unknown[]).includes(codType)) {
      throw new SandboxError(
        400,
        draft ? CODES.draftCodTypeInvalid : CODES.codTypeInvalid,
        `destination_cash_on_delivery_type must be one of ${COD_TYPES.join(", ")}`,
      );
    }
    if (service && !service.cod)
      throw new SandboxError(
        400,
        draft ? CODES.draftCourierNoCod : CODES.courierNoCod,
        `destination_cash_on_delivery is not available with ${service.courierCode} ${service.serviceCode}`,
      );
    cod = { amount: codAmount, type: codType as (typeof COD_TYPES)[number] };
  } else if (present(body.destination_cash_on_delivery_type)) {
    throw new SandboxError(
      400,
      draft ? CODES.draftCodTypeInvalid : CODES.codNotAvailable,
      "destination_cash_on_delivery_type needs destination_cash_on_delivery",
    );
  }

  // Proof of delivery.
  let proofOfDelivery: ShipmentSpec["proofOfDelivery"] = null;
  if (
    body.destination_proof_of_delivery !== undefined &&
    body.destination_proof_of_delivery !== null
  ) {
    if (typeof body.destination_proof_of_delivery !== "boolean")
      throw badRequest(ctx, "destination_proof_of_delivery must be a boolean");
    if (body.destination_proof_of_delivery) {
      const note = body.destination_proof_of_delivery_note;
      if (typeof note !== "string" || note.trim() === "")
        throw new SandboxError(
          400,
          CODES.podNoteRequired,
          "destination_proof_of_delivery_note is required when proof of delivery is on",
        );
      if (service && !service.pod)
        throw new SandboxError(
          400,
          CODES.courierNoPod,
          `destination_proof_of_delivery is not available with ${service.courierCode} ${service.serviceCode}`,
        );
      proofOfDelivery = { note };
    }
  }

  // Insurance.
  let insurance: number | null = null;
  if (present(body.courier_insurance)) {
    if (!isNumber(body.courier_insurance) || body.courier_insurance < 0)
      throw badRequest(ctx, "courier_insurance must be a plain non-negative number");
    if (body.courier_insurance > 0 && service && !service.insurance)
      throw new SandboxError(
        400,
        CODES.courierNoInsurance,
        `courier_insurance is not available with ${service.courierCode} ${service.serviceCode}`,
      );
    insurance = body.courier_insurance;
  }

  // Dates.
  const deliveryDate = optionalString(ctx, body, "delivery_date");
  const deliveryTime = optionalString(ctx, body, "delivery_time");
  if (
    deliveryDate !== null &&
    !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(deliveryDate)
  ) {
    throw new SandboxError(400, CODES.dateFormat, "delivery_date must be in the format YYYY-MM-DD");
  }
  if (deliveryTime !== null && !/^([01]\d|2[0-3]):[0-5]\d$/.test(deliveryTime)) {
    throw new SandboxError(400, CODES.timeFormat, "delivery_time must be in the format HH:mm");
  }
  let scheduledAt: string | null = null;
  if (deliveryType === "scheduled") {
    if (deliveryDate === null)
      throw new SandboxError(
        400,
        CODES.deliveryDateMissing,
        "delivery_date is required for scheduled delivery",
      );
    if (deliveryTime === null)
      throw new SandboxError(
        400,
        CODES.deliveryTimeMissing,
        "delivery_time is required for scheduled delivery",
      );
    const sign = ctx.utcOffsetMinutes >= 0 ? "+" : "-";
    const abs = Math.abs(ctx.utcOffsetMinutes);
    const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
    const when = new Date(`${deliveryDate}T${deliveryTime}:00${offset}`);
    if (Number.isNaN(when.getTime()))
      throw new SandboxError(400, CODES.dateFormat, "delivery_date is not a calendar date");
    if (when.getTime() < ctx.now().getTime())
      throw new SandboxError(
        400,
        CODES.timePassed,
        "delivery_date and delivery_time are already in the past",
      );
    scheduledAt = when.toISOString();
  }

  const metadata = body.metadata;
  if (
    metadata !== undefined &&
    metadata !== null &&
    (typeof metadata !== "object" || Array.isArray(metadata))
  )
    throw badRequest(ctx, "metadata must be an object");
  const tags = body.tags;
  if (
    tags !== undefined &&
    tags !== null &&
    (!Array.isArray(tags) || tags.some((t) => typeof t !== "string"))
  )
    throw new SandboxError(400, CODES.tagsNotArray, "tags must be an array of strings");
  const referenceId = optionalString(ctx, body, "reference_id");
  if (referenceId !== null && referenceId.length > 255)
    throw badRequest(ctx, "reference_id may be at most 255 characters");

  return {
    shipper: {
      name: optionalString(ctx, body, "shipper_contact_name"),
      phone: optionalString(ctx, body, "shipper_contact_phone"),
      email: optionalString(ctx, body, "shipper_contact_email"),
      organization: optionalString(ctx, body, "shipper_organization"),
    },
    origin,
    destination,
    collectionMethod,
    cod,
    proofOfDelivery,
    service,
    insurance,
    deliveryType,
    deliveryDate,
    deliveryTime,
    scheduledAt,
    orderNote: optionalString(ctx, body, "order_note"),
    metadata: (metadata as Record<string, unknown> | null | undefined) ?? null,
    referenceId: referenceId === "" ? null : referenceId,
    tags: (tags as string[] | undefined) ?? [],
    items: itemList,
  };
}
