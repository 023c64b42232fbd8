import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { keysetPages } from "../db/keyset-pages.server";
import type { CodType } from "../shipping/codes";
import { codTypeOf, expectedPayout } from "../shipments/cod";

/**
 * A shop's cash-on-delivery parcels as the COD page and its CSV list them: those delivered (the
 * courier collected the cash) and those that came back uncollected, over the last
 * `COD_REPORT_DAYS` days, newest first, at most `COD_LIST_ROWS` each. Only the columns they print
 * are read: the amount and the disbursement window are taken out of the parcel's contents in the
 * statement, so its items (up to hundreds, with the merchant's own long names) never leave the
 * database. Read a page at a time (the CSV, streamed) or a whole list (the page).
 */
export const COD_REPORT_DAYS = 90;
/** Parcels per list at most (the page and the CSV); the page's sums are over these. */
export const COD_LIST_ROWS = 5_000;
/** Parcels read at a time for the CSV: one statement each, the event loop free between them. */
export const COD_CSV_PAGE = 500;
/**
 * Days past its payout date after which a payout not recorded as received is late (the service's
 * transfer takes a working day or two to reach a bank account).
 */
export const OVERDUE_AFTER_DAYS = 2;

export interface CodParcel {
  id: string;
  orderId: string;
  orderName: string | null;
  courierCompany: string | null;
  courierType: string | null;
  waybillId: string | null;
  status: string;
  cod: number;
  shippingCost: number | null;
  currency: string | null;
  /** Delivered: when; came back: when it was back (null while it is still on its way back). */
  at: Date | null;
  /** Delivered parcels: when the service pays the cash out. */
  payoutBy: Date | null;
  codSettlement: string | null;
  /** The service's fee for collecting the cash; null when not known. */
  codFee: number | null;
  /**
   * The day its cash was paid out (YYYY-MM-DD): the payout the merchant recorded that covers it,
   * else the statement line that pays it (./statements/); null while neither does.
   */
  receivedOn: string | null;
  /** Delivered parcels: where their cash stands. */
  payout: PayoutState | null;
}

/**
 * A delivered parcel's cash: still with the courier before its payout date (`held`), due since
 * (`due`), late (`overdue`: more than OVERDUE_AFTER_DAYS past it), or recorded as received.
 */
export type PayoutState = "held" | "due" | "overdue" | "received";

/** Which list: parcels delivered, or parcels that did not reach the customer. */
export type CodListKind = "delivered" | "returned";

/** Statuses of a COD parcel that did not reach the customer: its cash was never collected. */
const NOT_COLLECTED = ["return_in_transit", "returned", "rejected", "disposed"];

/**
 * `contents.cod` of the shipment aliased `s` when it is a number (what app/shipments/cod.ts's
 * codAmount reads), without reading the rest of the contents (the items).
 */
export const COD_OF_S = sql`CASE WHEN jsonb_typeof(s.contents->'cod') = 'number'
  THEN (s.contents->'cod')::text::numeric END`;

/** Each list's rows and order: delivered by delivery, newest first; the others by last change. */
const LISTS: Record<CodListKind, { where: SQL; key: SQL }> = {
  delivered: {
    where: sql`s.status = 'delivered' AND s.delivered_at IS NOT NULL`,
    key: sql`s.delivered_at`,
  },
  returned: {
    where: sql`s.status = ANY(${sql.param(NOT_COLLECTED)}::text[])`,
    key: sql`s.updated_at`,
  },
};

interface Window {
  shop: string;
  /** The shop's disbursement window, for parcels drafted before the app kept each one's. */
  shopCodType: CodType;
  now: Date;
}

/**
 * One list, a page at a time, newest first (../db/keyset-pages.server.ts), at most COD_LIST_ROWS.
 */
export async function* codParcelPages(
  db: Queryable,
  kind: CodListKind,
  window: Window,
  pageSize = COD_CSV_PAGE,
): AsyncGenerator<CodParcel[]> {
  const { where, key } = LISTS[kind];
  const since = new Date(window.now.getTime() - COD_REPORT_DAYS * 24 * 3600 * 1000);
  const pages = keysetPages(
    db,
    key,
    (after, limit) => sql`
      SELECT s.id, s.order_id, s.order_name, s.courier_company, s.courier_type, s.waybill_id,
             s.status, ${COD_OF_S} AS cod, s.contents->>'codType' AS cod_type, s.price, s.currency,
             s.delivered_at, s.returned_at, s.cod_settlement, s.cod_fee,
             coalesce(p.received_on, l.paid_on, st.received_on)::text AS received_on,
             ${key}::text AS cursor_at
      FROM shipments s LEFT JOIN cod_payouts p ON p.id = s.cod_payout_id
        LEFT JOIN cod_statement_lines l ON l.shipment_id = s.id AND l.pays = 1
        LEFT JOIN cod_statements st ON st.id = l.statement_id
      WHERE s.shop = ${window.shop} AND ${where} AND ${key} >= ${since.toISOString()}
        AND ${COD_OF_S} > 0 ${after}
      ORDER BY ${key} DESC, s.id DESC
      LIMIT ${limit}`,
    { max: COD_LIST_ROWS, pageSize },
  );
  for await (const rows of pages)
    yield rows.map((r) => codParcelOf(r, kind === "delivered", window));
}

/** A whole list (the COD page's): every page of it. */
export async function codParcels(
  db: Queryable,
  kind: CodListKind,
  window: Window,
): Promise<CodParcel[]> {
  const all: CodParcel[] = [];
  for await (const page of codParcelPages(db, kind, window, COD_LIST_ROWS)) all.push(...page);
  return all;
}

function codParcelOf(r: Record<string, unknown>, delivered: boolean, window: Window): CodParcel {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  const deliveredAt = date(r.delivered_at);
  const codType = codTypeOf({ contents: { codType: text(r.cod_type) } }, window.shopCodType);
  const payoutBy = delivered && deliveredAt ? expectedPayout(deliveredAt, codType) : null;
  const receivedOn = text(r.received_on);
  const overdueBefore = new Date(window.now.getTime() - OVERDUE_AFTER_DAYS * 24 * 3600 * 1000);
  return {
    id: String(r.id),
    orderId: String(r.order_id),
    orderName: text(r.order_name),
    courierCompany: text(r.courier_company),
    courierType: text(r.courier_type),
    waybillId: text(r.waybill_id),
    status: String(r.status),
    cod: Number(r.cod ?? 0),
    shippingCost: r.price === null || r.price === undefined ? null : Number(r.price),
    currency: text(r.currency),
    at: delivered ? deliveredAt : date(r.returned_at),
    payoutBy,
    codSettlement: text(r.cod_settlement),
    codFee: r.cod_fee === null || r.cod_fee === undefined ? null : Number(r.cod_fee),
    receivedOn,
    payout: !payoutBy
      ? null
      : receivedOn
        ? "received"
        : payoutBy > window.now
          ? "held"
          : payoutBy > overdueBefore
            ? "due"
            : "overdue",
  };
}
