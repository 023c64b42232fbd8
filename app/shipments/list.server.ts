import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { shipments } from "../db/schema";
import { PROBLEM_PREVIEW_CHARS } from "../orders/problem-words";
import type { ProblemKind } from "./problem-kinds";
import {
  IN_FLIGHT_STATUSES,
  OUTBOUND_STATUSES,
  TERMINAL_STATUSES,
  type ShipmentStatus,
} from "./states";

import type { Tab } from "./tabs";
import { isRowId } from "../platform/row-id";

export { TABS, type Tab } from "./tabs";

const TAB_STATUSES: Record<Exclude<Tab, "all" | "attention">, ShipmentStatus[]> = {
  drafts: ["pending", "draft_placed", "draft_ready"],
  in_transit: [...IN_FLIGHT_STATUSES],
  delivered: ["delivered"],
  // Every ended status but delivered.
  cancelled: [...TERMINAL_STATUSES].filter((s) => s !== "delivered"),
};

function tabFilter(tab: Tab): SQL | undefined {
  if (tab === "all") return undefined;
  if (tab === "attention") return isNotNull(shipments.problem);
  return inArray(shipments.status, TAB_STATUSES[tab]);
}

export interface Cursor {
  updatedAt: string;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.updatedAt}|${c.id}`).toString("base64url");
}

export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  const [updatedAt, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (!updatedAt || !id || Number.isNaN(Date.parse(updatedAt)) || !isRowId(id)) return null;
  return { updatedAt, id };
}

export interface ListOptions {
  tab?: Tab;
  /** Only shipments with a problem of this kind (the "needs attention" tab's filter). */
  problemKind?: ProblemKind | null;
  /** Only booked shipments (a waybill, not ended) whose label was never printed. */
  notPrinted?: boolean;
  /** Only COD orders not ended whose risk of coming back unpaid is at least this. */
  codRisk?: "medium" | "high" | null;
  /** Matches order names (#1001), order ids, customers' names, phones and waybills. */
  search?: string;
  /** The last row of the previous page (the next page is asked for). */
  after?: Cursor | null;
  /** The first row of the next page (the previous page is asked for); ignored with `after`. */
  before?: Cursor | null;
  limit?: number;
}

/**
 * One page of a shop's shipments, newest change first. Keyset pagination on (updated_at, id),
 * served by the (shop, updated_at, id) index both ways: page 1,000 costs what page 1 costs, and
 * the page before it is read backwards from its first row. `next` and `prev` are the cursors of
 * the pages either side (null where there is none; `prev` is null on the first page).
 */
export async function listShipments(db: Queryable, shop: string, options: ListOptions = {}) {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 250);
  const conditions: (SQL | undefined)[] = [
    eq(shipments.shop, shop),
    tabFilter(options.tab ?? "all"),
  ];
  if (options.problemKind)
    conditions.push(
      isNotNull(shipments.problem),
      sql`${shipments.problemKinds} @> array[${options.problemKind}]::text[]`,
    );
  if (options.notPrinted)
    conditions.push(
      isNotNull(shipments.waybillId),
      isNull(shipments.labelPrintedAt),
      inArray(shipments.status, OUTBOUND_STATUSES),
    );
  if (options.codRisk)
    // Literal levels, so PostgreSQL sees the partial index shipments_shop_cod_risky_idx applies.
    conditions.push(
      sql.raw(
        options.codRisk === "high"
          ? "shipments.cod_risk->>'level' = 'high'"
          : "shipments.cod_risk->>'level' in ('medium', 'high')",
      ),
      sql`${shipments.status} not in (${sql.join(
        [...TERMINAL_STATUSES].map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  const search = options.search?.trim();
  if (search) conditions.push(searchFilter(search));
  const backward = !options.after && Boolean(options.before);
  const at = options.after ?? options.before;
  if (at) {
    // A row-value comparison: PostgreSQL walks the (shop, updated_at, id) index straight to it.
    const key = sql`(${new Date(at.updatedAt).toISOString()}::timestamptz, ${at.id}::uuid)`;
    conditions.push(
      backward
        ? sql`(${shipments.updatedAt}, ${shipments.id}) > ${key}`
        : sql`(${shipments.updatedAt}, ${shipments.id}) < ${key}`,
    );
  }
  const rows = await db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      orderName: shipments.orderName,
      status: shipments.status,
      // A preview: a list row never carries a whole problem text (the shipment's page does).
      problem: sql<
        string | null
      >`left(${shipments.problem}, ${sql.raw(String(PROBLEM_PREVIEW_CHARS))})`,
      problemKinds: shipments.problemKinds,
      // The problem's and the decision's messages (a few values each), said in the reader's words.
      problemSaid: shipments.problemSaid,
      decision: shipments.decision,
      decisionSaid: shipments.decisionSaid,
      // A parcel in trouble: who to call, and the cash on delivery at stake.
      destinationPhone: shipments.destinationPhone,
      destinationName: shipments.destinationName,
      cod: sql<string | null>`${shipments.contents}->>'cod'`,
      // The COD risk's level, and since when the order is held for it (null: not held).
      codRiskLevel: sql<string | null>`${shipments.codRisk}->>'level'`,
      codRiskHeldAt: sql<string | null>`${shipments.codRisk}->'held'->>'at'`,
      awaitingPayment: shipments.awaitingPayment,
      shopifyHold: shipments.shopifyHold,
      shopifyHoldSaid: shipments.shopifyHoldSaid,
      attempt: shipments.attempt,
      originName: shipments.originName,
      destinationCity: shipments.destinationCity,
      courierCompany: shipments.courierCompany,
      courierType: shipments.courierType,
      price: shipments.price,
      currency: shipments.currency,
      waybillId: shipments.waybillId,
      trackingUrl: shipments.trackingUrl,
      labelPrintedAt: shipments.labelPrintedAt,
      // What the buyer paid for shipping, and the parcel's days (the CSV's; app/shipments/csv.ts).
      shippingCharged: shipments.shippingCharged,
      pickedUpAt: shipments.pickedUpAt,
      deliveredAt: shipments.deliveredAt,
      returnedAt: shipments.returnedAt,
      updatedAt: shipments.updatedAt,
      // The order date: when the customer placed it, else when its shipment was recorded.
      orderCreatedAt: shipments.orderCreatedAt,
      createdAt: shipments.createdAt,
    })
    .from(shipments)
    .where(and(...conditions))
    .orderBy(
      ...(backward
        ? [asc(shipments.updatedAt), asc(shipments.id)]
        : [desc(shipments.updatedAt), desc(shipments.id)]),
    )
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backward) page.reverse();
  const cursorOf = (row: (typeof page)[number] | undefined) =>
    row ? encodeCursor({ updatedAt: row.updatedAt.toISOString(), id: row.id }) : null;
  return {
    rows: page,
    // Read backwards, the rows after this page are the ones it came from; forwards, there is a
    // page before whenever this one was reached from another.
    next: backward || more ? cursorOf(page.at(-1)) : null,
    prev: backward ? (more ? cursorOf(page[0]) : null) : at ? cursorOf(page[0]) : null,
  };
}

/** Shipments per tab, in one pass over the shop's rows. */
export async function countByTab(db: Queryable, shop: string): Promise<Record<Tab, number>> {
  const inList = (statuses: ShipmentStatus[]) =>
    sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    );
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      attention: sql<number>`count(*) filter (where ${shipments.problem} is not null)::int`,
      drafts: sql<number>`count(*) filter (where ${shipments.status} in (${inList(TAB_STATUSES.drafts)}))::int`,
      in_transit: sql<number>`count(*) filter (where ${shipments.status} in (${inList(TAB_STATUSES.in_transit)}))::int`,
      delivered: sql<number>`count(*) filter (where ${shipments.status} in (${inList(TAB_STATUSES.delivered)}))::int`,
      cancelled: sql<number>`count(*) filter (where ${shipments.status} in (${inList(TAB_STATUSES.cancelled)}))::int`,
    })
    .from(shipments)
    .where(eq(shipments.shop, shop));
  return row ?? { all: 0, attention: 0, drafts: 0, in_transit: 0, delivered: 0, cancelled: 0 };
}

/** Shipments with a problem, per kind (a shipment with two kinds counts in both), kinds without any left out. */
export async function countByProblemKind(
  db: Queryable,
  shop: string,
): Promise<Partial<Record<ProblemKind, number>>> {
  const rows = await db
    .select({ kind: sql<ProblemKind>`kind`, count: sql<number>`count(*)::int` })
    .from(sql`${shipments}, unnest(${shipments.problemKinds}) as kind`)
    .where(and(eq(shipments.shop, shop), isNotNull(shipments.problem)))
    .groupBy(sql`kind`);
  return Object.fromEntries(rows.map((r) => [r.kind, r.count]));
}

/**
 * What a merchant searches by: the order ("#1001", or its id), the customer's name, the waybill,
 * or the customer's phone as Indonesians write it (0812-…, +62 812…, 62812…: compared by its digits
 * after the country or trunk prefix). A substring of each, scanned within the shop's rows.
 */
function searchFilter(search: string): SQL {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = [
    ilike(shipments.orderName, like),
    eq(shipments.orderId, search),
    ilike(shipments.destinationName, like),
    ilike(shipments.waybillId, like),
  ];
  const digits = search.replace(/\D/g, "").replace(/^(62|0)/, "");
  if (digits.length >= 6 && /^[\d\s+().-]+$/.test(search))
    matches.push(
      sql`regexp_replace(${shipments.destinationPhone}, '\\D', '', 'g') like ${`%${digits}%`}`,
    );
  return or(...matches)!;
}
