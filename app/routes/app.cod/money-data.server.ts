/**
 * The COD page's statements, disputes and settings (what loader.server.ts adds to the ledger):
 * each imported statement with how its lines came out, each dispute with its state and age, and
 * the COD fee and daily summary settings with whether the operator set up an e-mail server.
 */
import { db } from "../../db/index.server";
import { listDisputes } from "../../cod/disputes/disputes.server";
import { listStatements } from "../../cod/statements/statements.server";
import { DISPUTE_STATES } from "../../db/schema-cod-money";
import { getEnv } from "../../platform/env.server";
import { dayOf, formatMoney, type Speech } from "../../shipments/status-words";
import type { ShopSettings } from "../../shops/settings";
import { SUMMARY_ADDRESSES_MAX } from "../../summary/summary-settings";

const DAY_MS = 24 * 3600 * 1000;

export async function codMoneyData(
  shop: string,
  speech: Speech,
  settings: ShopSettings,
  now: Date,
) {
  const { t, locale } = speech;
  const money = (n: number) => formatMoney(n, "IDR", locale) ?? String(n);
  const calendarDay = (date: string) => dayOf(`${date}T00:00:00Z`, { locale, timeZone: "UTC" });
  const [statements, disputes] = await Promise.all([
    listStatements(db, shop),
    listDisputes(db, shop),
  ]);
  return {
    statements: statements.map((s) => {
      const differ = Object.entries(s.kinds)
        .filter(([kind]) => kind !== "ok")
        .reduce((sum, [, n]) => sum + (n ?? 0), 0);
      return {
        id: s.id,
        line: t("codMoney.statements.line", {
          day: calendarDay(s.receivedOn),
          file: s.fileName,
          count: s.lines,
          total: money(s.total),
        }),
        check:
          differ === 0
            ? t("codMoney.statements.allMatch")
            : t("codMoney.statements.differ", { count: differ }),
        differs: differ > 0,
      };
    }),
    disputes: disputes.map((d) => ({
      id: d.id,
      number: d.number,
      state: d.state,
      line: t("codMoney.disputes.line", {
        number: d.number,
        count: d.items,
        amount: money(d.difference),
      }),
      age: t("codMoney.disputes.age", {
        count: Math.floor((now.getTime() - d.createdAt.getTime()) / DAY_MS),
        since: dayOf(d.stateAt, speech),
      }),
    })),
    disputeStates: DISPUTE_STATES.map((value) => ({
      value,
      label: t(`codMoney.disputes.states.${value}`),
    })),
    moneySettings: {
      codFeePercent:
        settings.codFeePercent === null
          ? ""
          : String(settings.codFeePercent).replace(".", locale.startsWith("id") ? "," : "."),
      emails: settings.dailySummary.emails.join(", "),
      hour: settings.dailySummary.hour,
      maxEmails: SUMMARY_ADDRESSES_MAX,
      mailServer: getEnv().SMTP_URL !== undefined,
    },
  };
}
