import { DEFAULT_TIME_ZONE, mondayIn } from "../platform/zoned-time";
import type { Queryable } from "../db/client.server";
import type { CodType } from "../shipping/codes";
import { netOf } from "../shipments/cod";
import { COD_REPORT_DAYS, codParcels, type CodParcel, type PayoutState } from "./parcels.server";

/**
 * What the couriers hold for a shop: the cash on delivery they collected, which the service pays
 * out a fixed number of days after each delivery (the draft's disbursement window), and the COD
 * parcels that came back uncollected, each with the shipping it cost, over the parcels the page
 * lists (./parcels.server.ts); the CSV lists the same parcels one per row (./csv.ts).
 */
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

/** The shop's COD report (`shopCodType`: the window of parcels drafted before the app kept each one's). */
export async function codReport(
  db: Queryable,
  shop: string,
  shopCodType: CodType,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<CodReport> {
  const window = { shop, shopCodType, now };
  const [delivered, returned] = await Promise.all([
    codParcels(db, "delivered", window),
    codParcels(db, "returned", window),
  ]);

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
