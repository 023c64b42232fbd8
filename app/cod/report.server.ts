import { dayOf, orderTitle, statusLabel, type Speech } from "../shipments/status-words";
import { courierCells } from "../shipments/courier-names";
import { DEFAULT_TIME_ZONE, mondayIn } from "../platform/zoned-time";
import { and, desc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { codPayouts, shipments } from "../db/schema";
import type { CodType } from "../shipping/codes";
import { codAmount, codTypeOf, expectedPayout, netOf } from "../shipments/cod";
import { carriesCod } from "../shipments/shipments.server";

/**
 * What the couriers hold for a shop: the cash on delivery they collected, which the service pays
 * out a fixed number of days after each delivery (the draft's disbursement window), and the COD
 * parcels that came back uncollected, each with the shipping it cost. Over the last
 * `COD_REPORT_DAYS` days; the CSV lists the same parcels one per row.
 */
export const COD_REPORT_DAYS = 90;
/** Parcels per list at most (the page and the CSV); the sums are over every parcel. */
const MAX_ROWS = 5_000;
/**
 * Days past its payout date after which a payout not recorded as received is late (the service's
 * transfer takes a working day or two to reach a bank account).
 */
export const OVERDUE_AFTER_DAYS = 2;

/** Statuses of a COD parcel that did not reach the customer: its cash was never collected. */
const NOT_COLLECTED = ["return_in_transit", "returned", "rejected", "disposed"];

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
  /** The day the merchant recorded the payout that covers it (YYYY-MM-DD); null while none does. */
  receivedOn: string | null;
  /** Delivered parcels: where their cash stands. */
  payout: PayoutState | null;
}

/**
 * A delivered parcel's cash: still with the courier before its payout date (`held`), due since
 * (`due`), late (`overdue`: more than OVERDUE_AFTER_DAYS past it), or recorded as received.
 */
export type PayoutState = "held" | "due" | "overdue" | "received";

/** Money over a set of parcels: the cash collected, the service's COD fees, and what is left. */
export interface CodSum {
  parcels: number;
  amount: number;
  fees: number;
  net: number;
}

export interface CodWeek extends CodSum {
  courier: string;
  /** Monday of the delivery week, in the shop's zone (YYYY-MM-DD). */
  week: string;
  /** The first and last payout dates of the week's parcels not received yet (null: all received). */
  firstPayout: Date | null;
  lastPayout: Date | null;
  /** The week's parcels by where their cash stands. */
  states: Record<PayoutState, number>;
  /** The days the week's received parcels were recorded as paid out (YYYY-MM-DD, in order). */
  receivedOn: string[];
}

export interface CodReport {
  days: number;
  currency: string | null;
  delivered: CodParcel[];
  weeks: CodWeek[];
  returned: CodParcel[];
  /** Collected and not recorded as paid out: what the couriers hold now (due and overdue included). */
  held: CodSum;
  /** Of it, due for payout by now (not late yet), and late. */
  due: CodSum;
  overdue: CodSum;
  /** Recorded as received. */
  received: CodSum;
  lost: { parcels: number; cod: number; shipping: number };
}

const columns = {
  id: shipments.id,
  orderId: shipments.orderId,
  orderName: shipments.orderName,
  courierCompany: shipments.courierCompany,
  courierType: shipments.courierType,
  waybillId: shipments.waybillId,
  status: shipments.status,
  contents: shipments.contents,
  price: shipments.price,
  currency: shipments.currency,
  deliveredAt: shipments.deliveredAt,
  returnedAt: shipments.returnedAt,
  updatedAt: shipments.updatedAt,
  codSettlement: shipments.codSettlement,
  codFee: shipments.codFee,
  receivedOn: codPayouts.receivedOn,
};

/** The shop's COD report (`shopCodType`: the window of parcels drafted before the app kept each one's). */
export async function codReport(
  db: Queryable,
  shop: string,
  shopCodType: CodType,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<CodReport> {
  const since = new Date(now.getTime() - COD_REPORT_DAYS * 24 * 3600 * 1000);
  const [deliveredRows, returnedRows] = await Promise.all([
    db
      .select(columns)
      .from(shipments)
      .leftJoin(codPayouts, eq(codPayouts.id, shipments.codPayoutId))
      .where(
        and(
          eq(shipments.shop, shop),
          eq(shipments.status, "delivered"),
          isNotNull(shipments.deliveredAt),
          gte(shipments.deliveredAt, since),
          carriesCod,
        ),
      )
      .orderBy(desc(shipments.deliveredAt))
      .limit(MAX_ROWS),
    db
      .select(columns)
      .from(shipments)
      .leftJoin(codPayouts, eq(codPayouts.id, shipments.codPayoutId))
      .where(
        and(
          eq(shipments.shop, shop),
          inArray(shipments.status, NOT_COLLECTED),
          gte(shipments.updatedAt, since),
          carriesCod,
        ),
      )
      .orderBy(desc(shipments.updatedAt))
      .limit(MAX_ROWS),
  ]);
  const overdueBefore = new Date(now.getTime() - OVERDUE_AFTER_DAYS * 24 * 3600 * 1000);
  const parcel = (r: (typeof deliveredRows)[number], delivered: boolean): CodParcel => {
    const payoutBy =
      delivered && r.deliveredAt ? expectedPayout(r.deliveredAt, codTypeOf(r, shopCodType)) : null;
    return {
      id: r.id,
      orderId: r.orderId,
      orderName: r.orderName,
      courierCompany: r.courierCompany,
      courierType: r.courierType,
      waybillId: r.waybillId,
      status: r.status,
      cod: codAmount(r) ?? 0,
      shippingCost: r.price === null ? null : Number(r.price),
      currency: r.currency,
      at: delivered ? r.deliveredAt : r.returnedAt,
      payoutBy,
      codSettlement: r.codSettlement,
      codFee: r.codFee === null ? null : Number(r.codFee),
      receivedOn: r.receivedOn,
      payout: !payoutBy
        ? null
        : r.receivedOn
          ? "received"
          : payoutBy > now
            ? "held"
            : payoutBy > overdueBefore
              ? "due"
              : "overdue",
    };
  };
  const delivered = deliveredRows.map((r) => parcel(r, true));
  const returned = returnedRows.map((r) => parcel(r, false));

  const weeks = new Map<string, CodWeek>();
  for (const p of delivered) {
    const courier = (p.courierCompany ?? "unknown").toUpperCase();
    const week = mondayIn(p.at!, timeZone);
    const key = `${courier}|${week}`;
    const w = weeks.get(key) ?? {
      courier,
      week,
      ...codSum([]),
      firstPayout: null,
      lastPayout: null,
      states: { held: 0, due: 0, overdue: 0, received: 0 },
      receivedOn: [],
    };
    add(w, p);
    w.states[p.payout!] += 1;
    if (p.receivedOn) {
      if (!w.receivedOn.includes(p.receivedOn))
        w.receivedOn = [...w.receivedOn, p.receivedOn].sort();
    } else {
      if (!w.firstPayout || p.payoutBy! < w.firstPayout) w.firstPayout = p.payoutBy;
      if (!w.lastPayout || p.payoutBy! > w.lastPayout) w.lastPayout = p.payoutBy;
    }
    weeks.set(key, w);
  }
  const inState = (...states: PayoutState[]) =>
    codSum(delivered.filter((p) => states.includes(p.payout!)));
  return {
    days: COD_REPORT_DAYS,
    currency: delivered[0]?.currency ?? returned[0]?.currency ?? null,
    delivered,
    weeks: [...weeks.values()].sort(
      (a, b) => b.week.localeCompare(a.week) || a.courier.localeCompare(b.courier),
    ),
    returned,
    held: inState("held", "due", "overdue"),
    due: inState("due"),
    overdue: inState("overdue"),
    received: inState("received"),
    lost: {
      parcels: returned.length,
      cod: sum(returned.map((p) => p.cod)),
      shipping: sum(returned.map((p) => p.shippingCost ?? 0)),
    },
  };
}

/** A parcel's cash added to a sum: the amount, the service's fee (unknown: none), the net. */
function add(total: CodSum, p: CodParcel) {
  total.parcels += 1;
  total.amount += p.cod;
  total.fees += p.codFee ?? 0;
  total.net += netOf(p.cod, p.codFee);
}

function codSum(parcels: readonly CodParcel[]): CodSum {
  const total = { parcels: 0, amount: 0, fees: 0, net: 0 };
  for (const p of parcels) add(total, p);
  return total;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The report's parcels as CSV (one row per parcel, delivered then returned), safe to open in a
 * spreadsheet, in the reader's words: headers, kinds and statuses written out, dates as the page
 * writes them (the same day in the shop's zone); amounts stay plain numbers a spreadsheet sums.
 */
export function codCsv(report: CodReport, speech: Speech): string {
  const { t } = speech;
  const header = [
    t("csv.kind"),
    t("csv.order"),
    t("csv.courier"),
    t("csv.service"),
    t("csv.waybill"),
    t("csv.status"),
    t("csv.cod"),
    t("csv.fee"),
    t("csv.net"),
    t("csv.shipping"),
    t("csv.currency"),
    t("csv.at"),
    t("csv.payout"),
    t("csv.received"),
    t("csv.shopify"),
  ];
  const row = (kind: "collected" | "notCollected", p: CodParcel) => [
    t(`csv.kinds.${kind}`),
    orderTitle(p, t),
    ...courierCells(speech.couriers, p.courierCompany, p.courierType),
    p.waybillId ?? "",
    statusLabel(p.status, t),
    String(p.cod),
    p.codFee === null ? "" : String(p.codFee),
    // What the cash comes to after the fee: nothing for a parcel that came back unpaid.
    kind === "collected" ? String(netOf(p.cod, p.codFee)) : "",
    p.shippingCost === null ? "" : String(p.shippingCost),
    p.currency ?? "",
    p.at ? dayOf(p.at, speech) : "",
    p.payoutBy ? dayOf(p.payoutBy, speech) : "",
    p.receivedOn
      ? dayOf(`${p.receivedOn}T00:00:00Z`, { locale: speech.locale, timeZone: "UTC" })
      : "",
    p.codSettlement ? t(`csv.settlement.${p.codSettlement}` as "csv.settlement.off") : "",
  ];
  const lines = [
    header,
    ...report.delivered.map((p) => row("collected", p)),
    ...report.returned.map((p) => row("notCollected", p)),
  ];
  return `${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. The check is
 * made on the text as a spreadsheet reads it: compatibility forms folded (NFKC: a full-width "＝"
 * is "="), leading spaces of any kind (a no-break space too) skipped, as spreadsheets skip them.
 */
export function csvCell(value: string): string {
  const text = value.normalize("NFKC");
  const start = text.replace(/^[\s\u200b]+/u, "");
  const safe = /^[=+\-@\t\r]/.test(start) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
