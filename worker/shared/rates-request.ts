import type { DraftOrderCreateRequest, RatesRequest } from "#app/shipping/contract.ts";

/** The rates request for the parcel a draft request describes, for the couriers named. */
export function ratesRequestOf(request: DraftOrderCreateRequest, couriers: string): RatesRequest {
  return {
    couriers,
    items: request.items,
    ...(request.origin_area_id ? { origin_area_id: request.origin_area_id } : {}),
    ...(request.origin_postal_code ? { origin_postal_code: request.origin_postal_code } : {}),
    ...(request.origin_coordinate
      ? {
          origin_latitude: request.origin_coordinate.latitude,
          origin_longitude: request.origin_coordinate.longitude,
        }
      : {}),
    ...(request.destination_area_id ? { destination_area_id: request.destination_area_id } : {}),
    ...(request.destination_postal_code
      ? { destination_postal_code: request.destination_postal_code }
      : {}),
    ...(request.destination_coordinate
      ? {
          destination_latitude: request.destination_coordinate.latitude,
          destination_longitude: request.destination_coordinate.longitude,
        }
      : {}),
  };
}
