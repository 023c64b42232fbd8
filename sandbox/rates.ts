import { CODES, type LocationDetail, type Pricing } from "#app/shipping/contract.ts";
import { areaById, divisionsJson, placeOf, type AreaDef } from "./areas.ts";
import { CATALOGUE, type CourierServiceDef } from "./catalogue.ts";
import { distanceKm, quote, type Place, type Quote } from "./pricing.ts";
import type { AddRoute, Body } from "./routes.ts";
import type { ServiceCore } from "./service-core.ts";
import { numberOf, SandboxError, type ShipmentSpec, type SideSpec } from "./validation.ts";

const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;

export const ORIGIN_SUGGESTION = "origin_suggestion_to_closest_destination";

/** A side of a rates request as resolved: where it is, and by what it was named. */
interface ResolvedPlace extends Place {
  area: AreaDef | null;
  locationId: string | null;
  /** The location's address when the side is one of the key's locations. */
  address: string | null;
  /** Its area and village, once named (`located`). */
  at?: ReturnType<typeof placeOf>;
}

/** Rates (`POST /v1/rates/couriers`) and the courier list (`GET /v1/couriers`). */
export class Rates {
  constructor(private readonly s: ServiceCore) {}

  /** The rates answer. Sides by postal code, coordinates (numbers or strings) or area id. */
  quote(key: string, body: Body) {
    const missing = (m: string) => new SandboxError(400, CODES.ratesMissingParameter, m);
    if (typeof body.couriers !== "string" || body.couriers.trim() === "")
      throw missing("couriers is required (comma-separated courier codes)");
    if (!Array.isArray(body.items) || body.items.length === 0) throw missing("items is required");
    if (body.type !== undefined && body.type !== null && body.type !== ORIGIN_SUGGESTION)
      throw missing(`type must be ${ORIGIN_SUGGESTION} when given`);
    const destination = located(this.side(body, "destination"));
    const origin = located(
      body.type === ORIGIN_SUGGESTION
        ? this.nearestOrigin(key, destination)
        : this.side(body, "origin"),
    );
    const items = (body.items as unknown[]).map((raw, i) => {
      const item = raw as Body;
      if (typeof item?.weight !== "number" || item.weight <= 0)
        throw missing(`items[${i}].weight is required and must be more than 0`);
      const quantity = typeof item.quantity === "number" && item.quantity >= 1 ? item.quantity : 1;
      return {
        weight: item.weight,
        quantity,
        length: num(item.length),
        width: num(item.width),
        height: num(item.height),
      };
    });
    const codes = body.couriers
      .split(",")
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean);
    const services = CATALOGUE.filter((s) => codes.includes(s.courierCode));
    const codAmount = num(body.destination_cash_on_delivery);
    const insuredValue = num(body.courier_insurance);
    const pricing: Pricing[] = [];
    for (const service of services) {
      if (codAmount && !service.cod) continue;
      // Instant couriers price by distance: a side named only by area id cannot be priced for them.
      const q = quote(service, origin, destination, items, { insuredValue, codAmount });
      if (q) pricing.push(pricingEntry(service, q));
    }
    if (pricing.length === 0)
      throw new SandboxError(
        400,
        CODES.ratesNoCourier,
        "No courier is available for this route and these items",
      );
    return {
      success: true,
      object: "courier_pricing",
      message: "Success to retrieve courier pricing",
      code: CODES.rates,
      origin: detail(origin),
      destination: detail(destination),
      pricing,
    };
  }

  pricingFor(spec: ShipmentSpec, services: readonly CourierServiceDef[]): Pricing[] {
    const result: Pricing[] = [];
    for (const service of services) {
      if (spec.cod && !service.cod) continue;
      const q = this.s.quoteFor(spec, service);
      if (q) result.push(pricingEntry(service, q));
    }
    return result;
  }

  /** A draft's side as a rates answer names it. */
  detailOfSide(side: SideSpec): LocationDetail {
    return detail({
      postalCode: side.postalCode ?? undefined,
      latitude: side.coordinate?.latitude,
      longitude: side.coordinate?.longitude,
      area: side.area,
      locationId: side.locationId,
      address: side.locationId ? side.address : null,
    });
  }

  couriers() {
    return CATALOGUE.map((s) => ({
      available_for_cash_on_delivery: s.cod,
      available_for_proof_of_delivery: s.pod,
      available_for_instant_waybill_id: s.instantWaybill,
      courier_name: s.courierName,
      courier_code: s.courierCode,
      courier_service_name: s.serviceName,
      courier_service_code: s.serviceCode,
      tier: s.tier,
      description: s.description,
      service_type: s.serviceType,
      shipping_type: s.shippingType,
      shipment_duration_range: s.durationRange,
      shipment_duration_unit: s.durationUnit,
      available_collection_method: s.collectionMethods,
    }));
  }

  private side(body: Body, p: "origin" | "destination"): ResolvedPlace {
    const rawPostal = body[`${p}_postal_code`];
    const lat = numberOf(body[`${p}_latitude`]);
    const lng = numberOf(body[`${p}_longitude`]);
    const areaId = body[`${p}_area_id`];
    const result: ResolvedPlace = { area: null, locationId: null, address: null };
    if (rawPostal !== undefined && rawPostal !== null && rawPostal !== "") {
      const n = numberOf(rawPostal);
      if (n === undefined || !Number.isInteger(n) || n < 10000 || n > 99999) {
        throw new SandboxError(
          400,
          CODES.ratesInvalidPostalCode,
          `${p}_postal_code must be a 5-digit number`,
        );
      }
      result.postalCode = n;
    }
    if (lat !== undefined && lng !== undefined) {
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
        throw new SandboxError(
          400,
          CODES.ratesMissingParameter,
          `${p}_latitude and ${p}_longitude are out of range`,
        );
      Object.assign(result, { latitude: lat, longitude: lng });
    }
    if (typeof areaId === "string" && areaId !== "") {
      const found = areaById(areaId);
      if (!found)
        throw new SandboxError(
          400,
          CODES.ratesInvalidPostalCode,
          `${p}_area_id ${areaId} is not an area id`,
        );
      result.area = found;
      result.postalCode ??= found.postalCode;
    }
    if (result.postalCode === undefined && result.latitude === undefined) {
      throw new SandboxError(
        400,
        CODES.ratesMissingParameter,
        `${p} needs ${p}_area_id, ${p}_latitude and ${p}_longitude, or ${p}_postal_code`,
      );
    }
    return result;
  }

  /** `type: origin_suggestion_to_closest_destination`: the key's origin location nearest the destination's coordinates. */
  private nearestOrigin(key: string, destination: ResolvedPlace): ResolvedPlace {
    if (destination.latitude === undefined) {
      throw new SandboxError(
        400,
        CODES.ratesMissingParameter,
        `destination_latitude and destination_longitude are required with type ${ORIGIN_SUGGESTION}`,
      );
    }
    let best: { place: ResolvedPlace; km: number } | null = null;
    for (const l of this.s.account(key).locations.values()) {
      if (l.type !== "origin" || l.latitude === null || l.longitude === null) continue;
      const place: ResolvedPlace = {
        postalCode: l.postalCode,
        latitude: l.latitude,
        longitude: l.longitude,
        area: null,
        locationId: l.id,
        address: l.address,
      };
      const km = distanceKm(place, destination)!;
      if (!best || km < best.km) best = { place, km };
    }
    if (!best)
      throw new SandboxError(
        400,
        CODES.ratesMissingParameter,
        `type ${ORIGIN_SUGGESTION} needs an origin location with coordinates in your location list`,
      );
    return best.place;
  }
}

const named = (place: ResolvedPlace) =>
  placeOf({
    area: place.area,
    postalCode: place.postalCode ?? null,
    coordinate:
      place.latitude !== undefined && place.longitude !== undefined
        ? { latitude: place.latitude, longitude: place.longitude }
        : null,
  });

/** A side named once: its area and village, and the area's centre, which parcels are priced from. */
function located(place: ResolvedPlace): ResolvedPlace {
  const at = named(place);
  return {
    ...place,
    at,
    areaLatitude: at?.area.latitude ?? undefined,
    areaLongitude: at?.area.longitude ?? undefined,
  };
}

/** Where a rate is from or to, as location details (not an echo of the request), four levels deep. */
function detail(place: ResolvedPlace): LocationDetail {
  const at = place.at !== undefined ? place.at : named(place);
  return {
    location_id: place.locationId,
    latitude: place.latitude ?? null,
    longitude: place.longitude ?? null,
    postal_code: place.postalCode ?? at?.area.postalCode ?? null,
    ...divisionsJson(at?.area ?? null),
    administrative_division_level_4_name: at?.village ?? null,
    administrative_division_level_4_type: "subdistrict",
    address: place.address,
  };
}

function pricingEntry(service: CourierServiceDef, q: Quote): Pricing {
  return {
    available_collection_method: service.collectionMethods,
    available_for_cash_on_delivery: service.cod,
    available_for_proof_of_delivery: service.pod,
    available_for_instant_waybill_id: service.instantWaybill,
    available_for_insurance: service.insurance,
    company: service.courierCode,
    courier_name: service.courierName,
    courier_code: service.courierCode,
    courier_service_name: service.serviceName,
    courier_service_code: service.serviceCode,
    currency: "IDR",
    description: service.description,
    duration: `${service.durationRange} ${service.durationUnit}`,
    shipment_duration_range: service.durationRange,
    shipment_duration_unit: service.durationUnit,
    service_type: service.serviceType,
    shipping_type: service.shippingType,
    price: q.price,
    shipping_fee: q.shippingFee,
    shipping_fee_discount: 0,
    shipping_fee_surcharge: 0,
    insurance_fee: q.insuranceFee,
    cash_on_delivery_fee: q.codFee,
    tax_lines: [],
    type: service.serviceCode,
  };
}

export function rateRoutes(route: AddRoute, service: { rates: Rates }): void {
  route("POST", "/v1/rates/couriers", "rates", ({ key, body }) => ({
    body: service.rates.quote(key, body),
  }));
  route("GET", "/v1/couriers", "couriers", () => ({
    body: { success: true, object: "courier", couriers: service.rates.couriers() },
  }));
}
