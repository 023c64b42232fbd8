import type { CourierListEntry } from "#app/orders/courier-match.ts";
import { CATALOGUE } from "#sandbox/catalogue.ts";

/** The couriers list as the sandbox's GET /v1/couriers serves it (codes and names). */
export const COURIERS: CourierListEntry[] = CATALOGUE.map((s) => ({
  courier_code: s.courierCode,
  courier_name: s.courierName,
  courier_service_code: s.serviceCode,
  courier_service_name: s.serviceName,
}));
