import type { CourierService } from "../shipping/contract";

/**
 * The courier's delivery estimate for a booked shipment: the service's couriers list gives each
 * service's duration (`shipment_duration_range` "2 - 3", `shipment_duration_unit` "days" or
 * "hours"); the parcel is expected by the booking time plus the range's upper end. Shopify shows
 * it to the customer with the fulfillment events (`estimatedDeliveryAt`). Null when the service
 * gives no usable duration.
 */
export function estimatedDelivery(
  bookedAt: Date,
  range: string | null | undefined,
  unit: string | null | undefined,
): Date | null {
  const hours = longestHours(range, unit);
  return hours === null ? null : new Date(bookedAt.getTime() + hours * 3_600_000);
}

/**
 * The upper end of a service's stated duration ("2 - 3" "days" → 72), in hours; null when the
 * service gives no usable one (no number, over 60, or a unit other than hours or days).
 */
export function longestHours(
  range: string | null | undefined,
  unit: string | null | undefined,
): number | null {
  const numbers = (range ?? "").match(/\d+(\.\d+)?/g)?.map(Number) ?? [];
  const most = numbers.length > 0 ? Math.max(...numbers) : null;
  if (most === null || most <= 0 || most > 60) return null;
  return /^hours?$/i.test(unit?.trim() ?? "")
    ? most
    : /^days?$/i.test(unit?.trim() ?? "")
      ? most * 24
      : null;
}

/** The estimate of a service in the couriers list (by company and service code, case-insensitive). */
export function estimateFor(
  list:
    | readonly Pick<
        CourierService,
        | "courier_code"
        | "courier_service_code"
        | "shipment_duration_range"
        | "shipment_duration_unit"
      >[]
    | null,
  company: string | null,
  type: string | null,
  bookedAt: Date,
): Date | null {
  const entry = list?.find(
    (c) =>
      c.courier_code.toLowerCase() === company?.toLowerCase() &&
      c.courier_service_code.toLowerCase() === type?.toLowerCase(),
  );
  return entry
    ? estimatedDelivery(bookedAt, entry.shipment_duration_range, entry.shipment_duration_unit)
    : null;
}
