import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { keysetPages } from "../db/keyset-pages.server";
import { VOLUMETRIC_DIVISOR_CM3_PER_KG } from "../shipments/parcel-facts";
import { costOf, impliedKg, surchargeOf, type ParcelCost } from "./reweigh";

/**
 * One booked parcel's costs, read for the costs page's list and its CSV: only the columns they
 * print. The chargeable weight the draft declared is worked out in the statement
 * (`DECLARED_GRAMS`), so a parcel's contents and label (up to hundreds of items with the
 * merchant's own long product names) never leave the database.
 */
export interface CostParcel {
  id: string;
  orderId: string;
  orderName: string | null;
  courierCompany: string | null;
  courierType: string | null;
  waybillId: string | null;
  status: string;
  createdAt: Date;
  cost: ParcelCost;
  charged: number | null;
  surcharge: number;
  /** The chargeable weight the draft declared, and the one the new price implies (kg). */
  declaredGrams: number | null;
  impliedKg: number | null;
}

const number = (path: SQL) =>
  sql`CASE WHEN jsonb_typeof(${path}) = 'number' THEN (${path})::text::numeric END`;
const array = (path: SQL) =>
  sql`CASE WHEN jsonb_typeof(${path}) = 'array' THEN ${path} ELSE '[]'::jsonb END`;

/**
 * What app/shipments/parcel-facts.ts's `parcelFacts(…).chargeableGrams` says, in SQL: per item,
 * its weight (or, drafted before weights were kept, the label's for the same item) against its
 * volumetric weight, the larger × quantity; null when an item's weight is unknown or there is no
 * item. test/integration/cost-parcels.test.ts holds the two to the same answers.
 */
const DECLARED_GRAMS = sql`(
  SELECT CASE WHEN count(*) = 0 OR bool_or(g.unit IS NULL) THEN NULL
              ELSE sum(greatest(g.unit, coalesce(g.vol, 0)) * g.qty) END
  FROM (
    SELECT
      CASE WHEN ${number(sql`i.item->'weight'`)} > 0 THEN ${number(sql`i.item->'weight'`)}
           WHEN l.item->>'name' = i.item->>'name' AND ${number(sql`l.item->'grams'`)} > 0
             THEN ${number(sql`l.item->'grams'`)}
      END AS unit,
      CASE WHEN ${number(sql`i.item->'dimensions'->'length'`)} > 0
             AND ${number(sql`i.item->'dimensions'->'width'`)} > 0
             AND ${number(sql`i.item->'dimensions'->'height'`)} > 0
        THEN round(${number(sql`i.item->'dimensions'->'length'`)}
          * ${number(sql`i.item->'dimensions'->'width'`)}
          * ${number(sql`i.item->'dimensions'->'height'`)}
          / ${sql.raw(String(VOLUMETRIC_DIVISOR_CM3_PER_KG))} * 1000)
      END AS vol,
      coalesce(${number(sql`i.item->'quantity'`)}, 0) AS qty
    FROM jsonb_array_elements(${array(sql`s.contents->'items'`)}) WITH ORDINALITY i(item, n)
    LEFT JOIN jsonb_array_elements(${array(sql`s.label->'items'`)}) WITH ORDINALITY l(item, n)
      ON l.n = i.n
  ) g)::float8`;

/** The columns a parcel's costs are printed from (`s`: shipments). */
export const PARCEL_COLUMNS = sql`s.id, s.order_id, s.order_name, s.courier_company,
  s.courier_type, s.waybill_id, s.status, s.created_at, s.quoted_price, s.price, s.return_fee,
  s.cod_fee, s.insurance_fee, s.shipping_charged, ${DECLARED_GRAMS} AS declared_grams`;

export function parcelOf(r: Record<string, unknown>): CostParcel {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const cost = costOf({
    quotedPrice: text(r.quoted_price),
    price: text(r.price),
    returnFee: text(r.return_fee),
    codFee: text(r.cod_fee),
    insuranceFee: text(r.insurance_fee),
  });
  const declaredGrams = r.declared_grams === null ? null : Number(r.declared_grams);
  const surcharge = surchargeOf(cost);
  return {
    id: String(r.id),
    orderId: String(r.order_id),
    orderName: (r.order_name as string | null) ?? null,
    courierCompany: (r.courier_company as string | null) ?? null,
    courierType: (r.courier_type as string | null) ?? null,
    waybillId: (r.waybill_id as string | null) ?? null,
    status: String(r.status),
    createdAt: new Date(r.created_at as string | Date),
    cost,
    charged: r.shipping_charged === null ? null : Number(r.shipping_charged),
    surcharge,
    declaredGrams,
    impliedKg: surcharge > 0 ? impliedKg(cost, declaredGrams) : null,
  };
}

/** Booked, and not cancelled: a cancelled booking cost nothing. */
export const BOOKED = sql`s.quoted_price IS NOT NULL AND s.status <> 'cancelled'`;

/** Parcels in the CSV at most. */
export const CSV_ROWS = 20_000;
/** Parcels read at a time for the CSV: one statement each, the event loop free between them. */
export const CSV_PAGE = 500;

/**
 * Every booked parcel since `since`, newest first (the CSV), a page at a time: each page starts
 * after the last one's (created_at, id), through `shipments_shop_booked_costs_idx`, so no page
 * reads what the one before did, and at most `CSV_ROWS` in all.
 */
export async function* costParcelPages(
  db: Queryable,
  shop: string,
  since: Date,
  pageSize = CSV_PAGE,
): AsyncGenerator<CostParcel[]> {
  const pages = keysetPages(
    db,
    sql`s.created_at`,
    (after, limit) => sql`
      SELECT ${PARCEL_COLUMNS}, s.created_at::text AS cursor_at
      FROM shipments s
      WHERE s.shop = ${shop} AND s.created_at >= ${since.toISOString()} AND ${BOOKED} ${after}
      ORDER BY s.created_at DESC, s.id DESC
      LIMIT ${limit}`,
    { max: CSV_ROWS, pageSize },
  );
  for await (const rows of pages) yield rows.map(parcelOf);
}
