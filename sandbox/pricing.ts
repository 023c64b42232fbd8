import type { CourierServiceDef } from "./catalogue.ts";

/** A resolved side of a shipment: what the price depends on. */
export interface Place {
  postalCode?: number;
  /** Coordinates given by the client: instant couriers need these. */
  latitude?: number;
  longitude?: number;
  /** The centre of the area the side is in (by area id, postal code or coordinates), when known. */
  areaLatitude?: number;
  areaLongitude?: number;
}

export interface PricedItem {
  weight: number;
  quantity: number;
  length?: number | null;
  width?: number | null;
  height?: number | null;
}

/** Chargeable kg: per item the larger of actual and volumetric (L×W×H/6000) weight, × quantity. */
export function chargeableKg(items: readonly PricedItem[]): number {
  let total = 0;
  for (const item of items) {
    const actual = item.weight / 1000;
    const volumetric = ((item.length ?? 0) * (item.width ?? 0) * (item.height ?? 0)) / 6000;
    total += Math.max(actual, volumetric) * item.quantity;
  }
  return total;
}

/** Great-circle distance in km. */
export function distanceKm(a: Place, b: Place): number | null {
  if (
    a.latitude === undefined ||
    a.longitude === undefined ||
    b.latitude === undefined ||
    b.longitude === undefined
  )
    return null;
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The distance parcels are priced by: between the given coordinates, else the areas' centres. */
export function parcelKm(origin: Place, destination: Place): number | null {
  const at = (p: Place): Place =>
    p.latitude !== undefined ? p : { latitude: p.areaLatitude, longitude: p.areaLongitude };
  return distanceKm(at(origin), at(destination));
}

/** Beyond this distance the far zone's per-kg rate grows with the distance (Java to Papua). */
export const FAR_KM = 1500;

/**
 * Zone 0 (same city, under 30 km) to 3 (700 km and more) by the distance between the sides.
 * Without it (a postal code the sandbox's data does not have) by the postal codes: Indonesian
 * codes share their first digit within a region and their first three within a city.
 */
export function zoneOf(origin: Place, destination: Place, km: number | null): 0 | 1 | 2 | 3 {
  if (km !== null) return km < 30 ? 0 : km < 200 ? 1 : km < 700 ? 2 : 3;
  if (origin.postalCode !== undefined && destination.postalCode !== undefined) {
    const a = String(origin.postalCode);
    const b = String(destination.postalCode);
    if (a.slice(0, 3) === b.slice(0, 3)) return 0;
    if (a[0] === b[0]) return 1;
    return Math.abs(Number(a[0]) - Number(b[0])) <= 2 ? 2 : 3;
  }
  return 3;
}

export interface PriceOptions {
  insuredValue?: number;
  codAmount?: number;
  proofOfDelivery?: boolean;
}

export interface Quote {
  shippingFee: number;
  insuranceFee: number;
  codFee: number;
  podFee: number;
  price: number;
  distanceKm: number | null;
  chargeableKg: number;
  /** The kilograms the courier weighed at its hub, when it re-weighed the parcel heavier. */
  reweighedKg?: number;
  /** What the courier charged to bring the parcel back, once it turned back (in `price`). */
  returnFee?: number;
}

/** The whole kilograms a courier bills: 0.3 kg over a kilogram is let go, never under `minKg`. */
export function billedKgOf(kg: number, minKg = 1): number {
  return Math.max(minKg, Math.ceil(Math.round((kg - 0.3) * 1000) / 1000));
}

/** Price of one service for one shipment, or null when the service cannot carry it. */
export function quote(
  service: CourierServiceDef,
  origin: Place,
  destination: Place,
  items: readonly PricedItem[],
  options: PriceOptions = {},
): Quote | null {
  const kg = chargeableKg(items);
  const km = distanceKm(origin, destination);
  let shippingFee: number;
  if (service.instant) {
    if (km === null || km > (service.maxKm ?? 40) || kg > 20) return null;
    shippingFee = (service.base ?? 0) + Math.ceil(km) * (service.perKm ?? 0);
  } else {
    const billedKg = billedKgOf(kg, service.minKg ?? 1); // 0.3 kg tolerance, as couriers round
    const roadKm = parcelKm(origin, destination);
    const zone = zoneOf(origin, destination, roadKm);
    let perKg = service.perKg?.[zone] ?? 0;
    if (zone === 3 && roadKm !== null && roadKm > FAR_KM)
      perKg = Math.round((perKg * roadKm) / FAR_KM / 500) * 500;
    shippingFee = billedKg * perKg;
  }
  const insuranceFee =
    service.insurance && options.insuredValue
      ? Math.max(2500, Math.round(options.insuredValue * 0.0025))
      : 0;
  const codFee =
    service.cod && options.codAmount ? Math.max(2500, Math.round(options.codAmount * 0.03)) : 0;
  const podFee = service.pod && options.proofOfDelivery ? 2000 : 0;
  return {
    shippingFee,
    insuranceFee,
    codFee,
    podFee,
    price: shippingFee + insuranceFee + codFee + podFee,
    distanceKm: km === null ? null : Math.round(km * 100) / 100,
    chargeableKg: Math.round(kg * 1000) / 1000,
  };
}
