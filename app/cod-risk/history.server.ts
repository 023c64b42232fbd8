import { sql } from "drizzle-orm";
import { executedRows, type Db } from "../db/client.server";
import { USUAL_COD_MIN_ORDERS, type Outcomes, type RiskFacts } from "./rules";
import { keptMarks, markThatCounts, MARKS_READ, type MarkMatch } from "./mark-match";

/**
 * Who the buyer is, as the order names them: any one matching an earlier shipment is the buyer,
 * and so is any phone, e-mail or customer found on those shipments (one step: a buyer who changed
 * numbers but kept their e-mail or address is still known).
 */
export interface BuyerKeys extends MarkedKeys {
  /** The whole address as addressKey writes it; null when it names no single door. */
  address: string | null;
}

/** The keys a merchant's mark on a buyer is kept by (./marks.server.ts). */
export interface MarkedKeys {
  /** Normalised (+62…). */
  phone: string | null;
  email: string | null;
  customerId: string | null;
}

/**
 * A shipment's address as a buyer's key: `destination_address` (street, area and postal code as
 * the order wrote them) lower-cased, letters and digits only, so that "Jl. Mawar No. 5" and
 * "JL MAWAR NO 5" are one door. shipments_shop_address_key_idx indexes the same expression.
 */
export const addressKey = (address: string | null | undefined): string | null =>
  address?.toLowerCase().replace(/[^a-z0-9]+/g, "") || null;
const ADDRESS_KEY = sql.raw("regexp_replace(lower(s.destination_address), '[^a-z0-9]+', '', 'g')");
/** At most this many of the buyer's shipments found directly lend their keys. */
export const KEYS_FROM = 200;

/** An e-mail as a buyer's key: trimmed and lower-cased; null when there is none. */
export const buyerEmail = (email: string | null | undefined): string | null =>
  email?.trim().toLowerCase() || null;

/** Where the parcel goes. */
export interface Place {
  postalCode: string | null;
  city: string | null;
}

/** How far back a destination's and the shop's return rates look. */
export const AREA_DAYS = 365;
/**
 * … and at most this many of their latest COD parcels with an outcome: the cost of an assessment
 * stays bounded however large the shop (an index range each: the shipments_*_cod_outcome_idx).
 */
export const LATEST = { postal: 500, city: 1000, shop: 2000 } as const;

/** The partial indexes' predicate (app/db/schema.ts): a COD parcel delivered or back. */
const COD_OUTCOME = sql.raw(
  "jsonb_typeof(s.contents->'cod') = 'number' AND (s.delivered_at IS NOT NULL OR s.returned_at IS NOT NULL)",
);
/** The shop's usual COD amount is the median of this many of its latest COD orders. */
export const USUAL_COD_ORDERS = 200;

/**
 * What this shop's own shipments say about an order's buyer and destination, as of `at` (the
 * order's time), in one SQL statement. Only this shop's rows are read; a redacted buyer's rows no
 * longer carry their phone, email or address, so they no longer count as theirs. A parcel is
 * delivered when the courier delivered it (paid), back when it returned to the shop undelivered;
 * parcels still moving have no outcome yet. The order itself (`orderId`) is left out.
 */
export async function readRiskHistory(
  db: Db,
  shop: string,
  orderId: string,
  buyer: BuyerKeys,
  place: Place,
  at: Date,
): Promise<Omit<RiskFacts, "order"> & { mark: MarkMatch | null }> {
  const email = buyerEmail(buyer.email);
  const city = place.city?.trim().toLowerCase() || null;
  const since = new Date(at.getTime() - AREA_DAYS * 86_400_000);
  const dayBefore = new Date(at.getTime() - 86_400_000);
  const latest = (where: ReturnType<typeof sql>, limit: number) => sql`
    (SELECT count(*)::int AS parcels, (count(*) FILTER (WHERE back))::int AS returned
     FROM (SELECT s.returned_at IS NOT NULL AND s.delivered_at IS NULL AS back FROM shipments s
           WHERE s.shop = ${shop} AND ${where} AND ${COD_OUTCOME}
             AND s.id NOT IN (SELECT id FROM mine)
             AND coalesce(s.delivered_at, s.returned_at) >= ${since.toISOString()}
           ORDER BY coalesce(s.delivered_at, s.returned_at) DESC
           LIMIT ${limit}) latest)`;
  const result = await db.execute(sql`
    -- The shipments the order's own keys find, and the keys they carry (one step).
    WITH direct AS (
      SELECT s.destination_phone, lower(s.destination_email) AS email, s.customer_id
      FROM shipments s
      WHERE s.shop = ${shop} AND s.order_id <> ${orderId} AND s.redacted_at IS NULL
        AND (s.destination_phone = ${buyer.phone}
          OR s.customer_id = ${buyer.customerId}
          OR (s.destination_email IS NOT NULL AND lower(s.destination_email) = ${email})
          OR (s.destination_address IS NOT NULL AND ${ADDRESS_KEY} = ${buyer.address}))
      ORDER BY s.created_at DESC
      LIMIT ${KEYS_FROM}
    ), buyer_keys AS MATERIALIZED (
      SELECT array_remove(array_agg(DISTINCT destination_phone) || ${buyer.phone}::text, NULL)
               AS phones,
             array_remove(array_agg(DISTINCT email) || ${email}::text, NULL) AS emails,
             array_remove(array_agg(DISTINCT customer_id) || ${buyer.customerId}::text, NULL)
               AS customers
      FROM direct
    ),
    -- The buyer's own shipments: their history, never the destination's.
    mine AS MATERIALIZED (
      SELECT s.id, s.order_id, s.order_created_at, s.destination_phone, s.delivered_at,
             s.returned_at, s.disowned_at, jsonb_typeof(s.contents->'cod') = 'number' AS cod
      FROM shipments s
      -- Each key list as one value (an InitPlan), so that each is an index range.
      WHERE s.shop = ${shop} AND s.redacted_at IS NULL
        AND (s.destination_phone = ANY((SELECT phones FROM buyer_keys)::text[])
          OR s.customer_id = ANY((SELECT customers FROM buyer_keys)::text[])
          OR (s.destination_email IS NOT NULL
            AND lower(s.destination_email) = ANY((SELECT emails FROM buyer_keys)::text[]))
          OR (s.destination_address IS NOT NULL AND ${ADDRESS_KEY} = ${buyer.address}))
    )
    SELECT b.*, p.parcels AS postal_parcels, p.returned AS postal_returned,
           c.parcels AS city_parcels, c.returned AS city_returned,
           w.parcels AS shop_parcels, w.returned AS shop_returned, r.*, marks.buyer_marks
    FROM
      (SELECT
         (count(*) FILTER (WHERE cod AND delivered_at IS NOT NULL))::int AS buyer_delivered,
         (count(*) FILTER (WHERE cod AND returned_at IS NOT NULL AND delivered_at IS NULL))::int
           AS buyer_returned,
         (count(DISTINCT order_id))::int AS buyer_orders,
         (count(DISTINCT order_id) FILTER (WHERE cod AND destination_phone = ${buyer.phone}
            AND order_created_at > ${dayBefore.toISOString()}
            AND order_created_at <= ${at.toISOString()}))::int AS buyer_last_day
       FROM mine WHERE order_id <> ${orderId} AND disowned_at IS NULL) b,
      ${latest(sql`s.destination_postal_code = ${place.postalCode}`, LATEST.postal)} p,
      ${latest(sql`lower(s.destination_city) = ${city}`, LATEST.city)} c,
      ${latest(sql`true`, LATEST.shop)} w,
      (SELECT count(*)::int AS recent_orders,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY cod))::float8 AS usual_cod
       FROM (SELECT (s.contents->>'cod')::numeric AS cod FROM shipments s
             WHERE s.shop = ${shop} AND jsonb_typeof(s.contents->'cod') = 'number'
               AND s.order_created_at IS NOT NULL AND s.order_id <> ${orderId}
               AND s.attempt = 1 AND s.part = 1
             ORDER BY s.order_created_at DESC
             LIMIT ${USUAL_COD_ORDERS}) recent) r,
      -- The merchant's marks found by any of the buyer's keys, newest first (./mark-match.ts
      -- decides which counts).
      (SELECT coalesce(json_agg(json_build_object('mark', m.mark, 'phone', m.phone,
                 'email', m.email, 'customerId', m.customer_id) ORDER BY m.created_at DESC),
               '[]'::json) AS buyer_marks
       FROM (SELECT * FROM cod_buyer_marks m
             WHERE m.shop = ${shop} AND (m.phone = ${buyer.phone}
               OR m.customer_id = ${buyer.customerId} OR m.email = ${email})
             ORDER BY m.created_at DESC LIMIT ${MARKS_READ}) m) marks
  `);
  const row = executedRows(result)[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  const outcomes = (parcels: string, returned: string): Outcomes => ({
    parcels: n(parcels),
    returned: n(returned),
  });
  return {
    buyer: {
      delivered: n("buyer_delivered"),
      returned: n("buyer_returned"),
      earlierOrders: n("buyer_orders"),
      codOrdersLastDay: n("buyer_last_day"),
    },
    area: {
      postal: place.postalCode
        ? { code: place.postalCode, ...outcomes("postal_parcels", "postal_returned") }
        : null,
      city: place.city ? { name: place.city, ...outcomes("city_parcels", "city_returned") } : null,
      shop: outcomes("shop_parcels", "shop_returned"),
    },
    usualCod: n("recent_orders") >= USUAL_COD_MIN_ORDERS ? Math.round(n("usual_cod")) : null,
    mark: markThatCounts(
      { phone: buyer.phone, email, customerId: buyer.customerId },
      keptMarks(row.buyer_marks),
    ),
  };
}
