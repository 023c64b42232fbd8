/**
 * The COD page's data: what the couriers hold (due and late counted), week by week per courier
 * with the service's fees and the net, the payout form's couriers with what is due from each, the
 * payouts recorded, the COD parcels that came back, and the statements, disputes and settings
 * (money-data.server.ts). The page is route.tsx; recording and
 * removing a payout, action.server.ts.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../../db/index.server";
import { DEFAULT_TIME_ZONE, dateIn } from "../../platform/zoned-time";
import { listPayouts } from "../../cod/payouts.server";
import { OVERDUE_AFTER_DAYS } from "../../cod/parcels.server";
import { codReport, type CodWeek } from "../../cod/report.server";
import { companyName } from "../../shipments/courier-names";
import {
  courierName,
  dayOf,
  formatMoney,
  orderTitle,
  type Speech,
} from "../../shipments/status-words";
import { getShopSettings } from "../../shops/shops.server";
import { speechFor } from "../../shops/speech.server";
import { authenticate } from "../../shopify.server";
import { codMoneyData } from "./money-data.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(db, session.shop);
  const speech = await speechFor(request, session.shop);
  const now = new Date();
  const [report, payouts, statements] = await Promise.all([
    codReport(db, session.shop, settings.codType, now, speech.timeZone),
    listPayouts(db, session.shop),
    codMoneyData(session.shop, speech, settings, now),
  ]);
  const { t, locale } = speech;
  // Dates on this page (and in its CSV): the day in the shop's zone ("23 Nov 2026").
  const day = (at: Date | string) => dayOf(at, speech);
  const calendarDay = (date: string) => dayOf(`${date}T00:00:00Z`, { locale, timeZone: "UTC" });
  const money = (amount: number) => formatMoney(amount, report.currency, locale) ?? String(amount);
  // The payout form: each courier with cash due by today, and what it comes to (the cash
  // collected, as recordPayout expects it).
  const dueBy = new Map<string, { parcels: number; cash: number }>();
  for (const p of report.delivered)
    if (p.payout === "due" || p.payout === "overdue") {
      const code = (p.courierCompany ?? "").toLowerCase();
      const d = dueBy.get(code) ?? { parcels: 0, cash: 0 };
      d.parcels += 1;
      d.cash += p.cod;
      dueBy.set(code, d);
    }
  return {
    ...statements,
    days: report.days,
    overdueDays: OVERDUE_AFTER_DAYS,
    today: dateIn(now, speech.timeZone ?? DEFAULT_TIME_ZONE),
    held: {
      parcels: report.held.parcels,
      amount: money(report.held.amount),
      fees: report.held.fees > 0 ? money(report.held.fees) : null,
      net: money(report.held.net),
    },
    due: { parcels: report.due.parcels, amount: money(report.due.amount) },
    overdue: { parcels: report.overdue.parcels, amount: money(report.overdue.amount) },
    received: { parcels: report.received.parcels, amount: money(report.received.amount) },
    lost: {
      parcels: report.lost.parcels,
      cod: money(report.lost.cod),
      shipping: money(report.lost.shipping),
    },
    weeks: report.weeks.map((w) => ({
      key: `${w.courier}|${w.week}`,
      courier: companyName(speech.couriers, w.courier),
      // The week's Monday is a calendar date already (in the shop's zone): said as it is.
      week: calendarDay(w.week),
      parcels: w.parcels,
      amount: money(w.amount),
      fees: money(w.fees),
      net: money(w.net),
      ...payoutWords(w, speech, day, calendarDay),
    })),
    couriers: [...dueBy.entries()].map(([code, d]) => ({
      code,
      name: companyName(speech.couriers, code.toUpperCase()),
      parcels: d.parcels,
      expected: money(d.cash),
      // The form's amount, ready to confirm: whole rupiah, no separators.
      amount: String(Math.round(d.cash)),
    })),
    payouts: payouts.map((p) => {
      const difference = Number(p.amount) - Number(p.expected);
      return {
        id: p.id,
        line: t("cod.payouts.line", {
          day: calendarDay(p.receivedOn),
          amount: money(Number(p.amount)),
          courier: companyName(speech.couriers, p.courier.toUpperCase()),
          count: p.parcels,
        }),
        check:
          difference === 0
            ? t("cod.payouts.matches")
            : t(difference < 0 ? "cod.payouts.less" : "cod.payouts.more", {
                difference: money(Math.abs(difference)),
                expected: money(Number(p.expected)),
              }),
        differs: difference !== 0,
      };
    }),
    returned: report.returned.map((p) => ({
      id: p.id,
      order: orderTitle(p, t),
      courier: courierName(p.courierCompany, p.courierType, speech.couriers) ?? "—",
      waybill: p.waybillId ?? "—",
      state: p.status === "return_in_transit" ? t("cod.comingBack") : t("cod.back"),
      cod: money(p.cod),
      shipping: p.shippingCost === null ? "—" : money(p.shippingCost),
      at: p.at ? day(p.at) : t("cod.onItsWay"),
    })),
  };
};

/** Where a week's cash stands, in words, and how loudly to say it. */
function payoutWords(
  w: CodWeek,
  { t }: Speech,
  day: (at: Date) => string,
  calendarDay: (date: string) => string,
): { payout: string; tone: "critical" | "caution" | "success" | undefined } {
  const range =
    w.firstPayout && w.lastPayout
      ? day(w.firstPayout) === day(w.lastPayout)
        ? day(w.firstPayout)
        : `${day(w.firstPayout)} – ${day(w.lastPayout)}`
      : "";
  const received = t("cod.payoutReceived", { days: w.receivedOn.map(calendarDay).join(", ") });
  if (w.states.received === w.parcels) return { payout: received, tone: "success" };
  const rest = w.states.overdue
    ? { payout: t("cod.payoutOverdue", { range }), tone: "critical" as const }
    : w.states.due
      ? { payout: t("cod.payoutDue", { range }), tone: "caution" as const }
      : { payout: t("cod.payoutExpected", { range }), tone: undefined };
  return w.states.received > 0
    ? {
        ...rest,
        payout: t("cod.payoutPartly", {
          received: w.states.received,
          count: w.parcels,
          rest: rest.payout,
        }),
      }
    : rest;
}
