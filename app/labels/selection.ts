import type { LabelSelection } from "./print.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A print's shipments from its URL: `ids=<id>,<id>` (the list's selection, a shipment, the order
 * block), or `pending=today` (every booked shipment not printed today). Null: neither, or no id
 * that could be one. "Today" is the shop's (`timeZone`).
 */
export function selectionFrom(params: URLSearchParams, timeZone?: string): LabelSelection | null {
  if (params.get("pending") === "today")
    return timeZone ? { notPrintedToday: true, timeZone } : { notPrintedToday: true };
  const ids = params
    .getAll("ids")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => UUID.test(v));
  return ids.length > 0 ? { ids: [...new Set(ids)] } : null;
}
