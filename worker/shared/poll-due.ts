import { sql, type SQL } from "drizzle-orm";
import { TERMINAL_ORDER_STATUSES } from "#app/shipping/contract.ts";
import { IN_FLIGHT_STATUSES } from "#app/shipments/states.ts";

/** The shortest quiet the poll asks about: ten minutes after a parcel's last change. */
export const POLL_SHORTEST_QUIET_S = 600;
/** The longest: a parcel silent for days is asked about every three hours. */
export const POLL_LONGEST_QUIET_S = 3 * 3600;

/**
 * When a parcel's quiet is due to be asked about, in SQL: once it has been quiet (since its last
 * change or poll, whichever is later) as long as it had been quiet when last asked, at least
 * `shortest` seconds and at most POLL_LONGEST_QUIET_S. A parcel last changed at t is asked about
 * at t + 10 min, + 20, + 40, + 80, + 160, then every three hours until it changes again: the
 * service's events are the main path, and a parcel days on its way costs eight calls a day
 * instead of 144. `changed`/`polled`: the columns of its last change and its last poll.
 */
function dueAt(changed: SQL, polled: SQL, shortest: number): SQL {
  const since = sql`greatest(${changed}, ${polled})`;
  return sql`(${since} + least(greatest(${since} - ${changed},
      make_interval(secs => ${shortest})), make_interval(secs => ${POLL_LONGEST_QUIET_S})))`;
}

/** The earliest a parcel changed `shortest` seconds ago could be due (an indexed filter). */
const changedBefore = (shortest: number) =>
  sql`now() - make_interval(secs => ${Math.min(shortest, POLL_LONGEST_QUIET_S)})`;

/**
 * The shipments in flight due to be asked about now: `shop`, `id` and `due` (when it fell due).
 * `ofShop`: that shop's alone.
 */
export function dueShipments(shortest: number, ofShop?: string): SQL {
  const due = dueAt(sql`s.updated_at`, sql`p.polled_at`, shortest);
  return sql`
    SELECT s.shop, s.id, ${due} AS due
    FROM shipments s LEFT JOIN shipment_polls p ON p.shipment_id = s.id
    WHERE s.status = ANY(${sql.param([...IN_FLIGHT_STATUSES])}::text[])
      AND s.updated_at < ${changedBefore(shortest)}
      AND ${due} <= now()
      ${ofShop === undefined ? sql`` : sql`AND s.shop = ${ofShop}`}`;
}

/** Customers' return pickups on their way back, likewise (their events may be lost too). */
export function duePickups(shortest: number, ofShop?: string): SQL {
  const due = dueAt(sql`r.updated_at`, sql`p.polled_at`, shortest);
  return sql`
    SELECT r.shop, r.id, ${due} AS due
    FROM return_pickups r LEFT JOIN return_pickup_polls p ON p.pickup_id = r.id
    WHERE r.status = 'booked'
      AND r.shipping_order_id IS NOT NULL
      AND r.delivered_at IS NULL
      AND (r.service_status IS NULL
           OR r.service_status <> ALL(${sql.param([...TERMINAL_ORDER_STATUSES])}::text[]))
      AND r.updated_at < ${changedBefore(shortest)}
      AND ${due} <= now()
      ${ofShop === undefined ? sql`` : sql`AND r.shop = ${ofShop}`}`;
}
