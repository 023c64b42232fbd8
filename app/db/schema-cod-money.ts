import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { shipments, shops } from "./schema";

/**
 * The shop's cash on delivery as the services pay it out: payout statements imported line by line
 * (app/cod/statements/), the disputes the merchant sends about them (app/cod/disputes/), and the
 * daily summaries e-mailed to the shop (app/summary/). Amounts are whole rupiah (bigint).
 */

/** What a statement line says of its parcel, once matched (app/cod/statements/differences.ts). */
export const LINE_KINDS = [
  /** Paid as expected. */
  "ok",
  /** Paid less cash than the parcel's COD. */
  "short",
  /** Paid more than expected. */
  "over",
  /** The fee taken is not the one agreed (the service's stated fee, or the shop's fee rule). */
  "fee",
  /** A return fee or re-weigh of another parcel was taken from this parcel's payout. */
  "deducted",
  /** A charge for this parcel itself (its return fee, its re-weigh): money taken, none paid. */
  "charge",
  /** The parcel was paid already (by an earlier line or statement). */
  "twice",
  /** No parcel of the shop has this waybill or order. */
  "unknown",
] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** What a deduction is for, read from its description. */
export const DEDUCTION_KINDS = ["return_fee", "reweigh", "other"] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];

/**
 * A payout statement the merchant imported (CSV or XLSX from the service or the courier). The file
 * itself is not kept: its SHA-256 makes a second import of the same file change nothing.
 */
export const codStatements = pgTable(
  "cod_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    fileHash: text("file_hash").notNull(),
    /** The day the money arrived, in the shop's zone (a line's own paid date wins for its parcel). */
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    /** What reached the bank account, as the merchant typed it; null: not said. */
    receivedAmount: bigint("received_amount", { mode: "number" }),
    lines: integer("lines").notNull(),
    /** The lines' net, summed: what the statement says it paid. */
    total: bigint("total", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cod_statements_shop_file_idx").on(t.shop, t.fileHash),
    index("cod_statements_shop_created_idx").on(t.shop, t.createdAt),
  ],
);
export type CodStatement = typeof codStatements.$inferSelect;

/**
 * One line of a statement, as read and as matched: its parcel (by waybill, else by order), what the
 * shop expected of it and what kind of difference it is. The line that `pays` its parcel is the
 * one that counts as its payout (one per parcel, kept by a unique index: two imports at once never
 * both pay it); removing the statement removes its lines and opens its parcels again.
 */
export const codStatementLines = pgTable(
  "cod_statement_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => codStatements.id, { onDelete: "cascade" }),
    shop: text("shop").notNull(),
    /** The line's row in the file (1: the first row after the header). */
    row: integer("row").notNull(),
    waybill: text("waybill"),
    reference: text("reference"),
    /** The recipient as the statement names them. Personal data: blanked by customers/redact. */
    recipient: text("recipient"),
    cod: bigint("cod", { mode: "number" }).notNull(),
    /** The COD fee the statement took; null when it has no fee column. */
    fee: bigint("fee", { mode: "number" }),
    deductions: bigint("deductions", { mode: "number" }).notNull().default(0),
    /** The deductions' description. Personal data possible: blanked by customers/redact. */
    deductionNote: text("deduction_note"),
    net: bigint("net", { mode: "number" }).notNull(),
    paidOn: date("paid_on", { mode: "string" }),
    shipmentId: uuid("shipment_id").references(() => shipments.id, { onDelete: "set null" }),
    pays: integer("pays").notNull().default(0),
    kind: text("kind", { enum: LINE_KINDS }).notNull(),
    /** What the shop expected to be paid for the parcel (its COD less the agreed fee); null: unknown. */
    expected: bigint("expected", { mode: "number" }),
    expectedFee: bigint("expected_fee", { mode: "number" }),
    /** Paid (net, plus what was taken for another parcel) less expected. */
    difference: bigint("difference", { mode: "number" }).notNull().default(0),
    deductionKind: text("deduction_kind", { enum: DEDUCTION_KINDS }),
    /** The other parcel a deduction on this line was for (its return fee, its re-weigh). */
    chargedForId: uuid("charged_for_id").references(() => shipments.id, { onDelete: "set null" }),
  },
  (t) => [
    index("cod_statement_lines_statement_idx").on(t.statementId, t.row),
    index("cod_statement_lines_shipment_idx").on(t.shipmentId),
    uniqueIndex("cod_statement_lines_pays_idx")
      .on(t.shipmentId)
      .where(sql`pays = 1`),
    index("cod_statement_lines_charged_idx")
      .on(t.chargedForId)
      .where(sql`charged_for_id is not null`),
    index("cod_statement_lines_shop_kind_idx").on(t.shop, t.kind),
  ],
);
export type CodStatementLine = typeof codStatementLines.$inferSelect;

export const DISPUTE_STATES = ["sent", "answered", "paid", "written_off"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** A dispute the merchant sends the service about parcels paid wrong or not at all. */
export const codDisputes = pgTable(
  "cod_disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    /** The shop's own count of disputes (1, 2, …): the packet's number. */
    number: integer("number").notNull(),
    state: text("state", { enum: DISPUTE_STATES }).notNull().default("sent"),
    stateAt: timestamp("state_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cod_disputes_shop_number_idx").on(t.shop, t.number)],
);
export type CodDispute = typeof codDisputes.$inferSelect;

/**
 * A parcel in a dispute, as it stood when the dispute was made (kept if its statement is removed):
 * no personal data, only the waybill, the order and the money.
 */
export const codDisputeItems = pgTable(
  "cod_dispute_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    disputeId: uuid("dispute_id")
      .notNull()
      .references(() => codDisputes.id, { onDelete: "cascade" }),
    shop: text("shop").notNull(),
    shipmentId: uuid("shipment_id").references(() => shipments.id, { onDelete: "set null" }),
    lineId: uuid("line_id").references(() => codStatementLines.id, { onDelete: "set null" }),
    /** A line's kind, or `unpaid`: a parcel no statement paid past its payout date. */
    kind: text("kind").notNull(),
    waybill: text("waybill"),
    orderName: text("order_name"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    payoutBy: timestamp("payout_by", { withTimezone: true }),
    paidOn: date("paid_on", { mode: "string" }),
    /** Where the service showed the delivery (its proof link), when it gave one. */
    proof: text("proof"),
    expected: bigint("expected", { mode: "number" }).notNull(),
    paid: bigint("paid", { mode: "number" }).notNull(),
    difference: bigint("difference", { mode: "number" }).notNull(),
  },
  (t) => [
    index("cod_dispute_items_dispute_idx").on(t.disputeId),
    index("cod_dispute_items_line_idx").on(t.lineId),
  ],
);
export type CodDisputeItem = typeof codDisputeItems.$inferSelect;

/** The daily summary e-mailed to a shop: one per shop and day (in the shop's zone). */
export const dailySummaries = pgTable(
  "daily_summaries",
  {
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** How many addresses it went to; 0: nothing to say, nothing sent. */
    recipients: integer("recipients").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shop, t.day] })],
);
