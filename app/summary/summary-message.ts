import type { TFunction } from "i18next";
import { escapeHtml } from "../platform/escape-html";
import { formatMoney } from "../shipments/status-words";
import { factCount, type SummaryFacts } from "./summary-facts.server";

/**
 * A daily summary as an e-mail, in the merchant's language: a subject saying how many things need
 * attention, one sentence per thing (only those there are), the link to open the app in the
 * Shopify admin, why this address receives it, and how to stop it. Plain text and the same as
 * simple HTML (every value escaped).
 */
export interface SummaryMessage {
  subject: string;
  text: string;
  html: string;
}

export function summaryMessage(
  facts: SummaryFacts,
  words: { t: TFunction; locale: string },
  place: { shopName: string; day: string; adminUrl: string; unsubscribeUrl: string },
): SummaryMessage {
  const { t, locale } = words;
  const money = (n: number) => formatMoney(n, "IDR", locale) ?? String(n);
  const said = [
    facts.needsAction > 0 ? t("summary.needsAction", { count: facts.needsAction }) : null,
    facts.stuck > 0 ? t("summary.stuck", { count: facts.stuck }) : null,
    facts.held > 0 ? t("summary.held", { count: facts.held }) : null,
    facts.overdue.parcels > 0
      ? t("summary.overdue", { count: facts.overdue.parcels, amount: money(facts.overdue.amount) })
      : null,
    facts.short.lines > 0
      ? t("summary.short", { count: facts.short.lines, amount: money(facts.short.amount) })
      : null,
  ].filter((s): s is string => s !== null);
  const subject = t("summary.subject", {
    shop: place.shopName,
    count: factCount(facts),
    day: place.day,
  });
  const greeting = t("summary.greeting", { shop: place.shopName, day: place.day });
  const open = t("summary.open", { url: place.adminUrl });
  const why = t("summary.why", { shop: place.shopName });
  const stop = t("summary.unsubscribe", { url: place.unsubscribeUrl });
  const text = [greeting, "", ...said.map((s) => `- ${s}`), "", open, "", why, stop, ""].join("\n");
  const link = (sentence: string, url: string) =>
    escapeHtml(sentence).replace(
      escapeHtml(url),
      `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`,
    );
  const html = [
    `<!doctype html><html lang="${locale.slice(0, 2)}"><body style="font-family:system-ui,sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<ul>${said.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>`,
    `<p>${link(open, place.adminUrl)}</p>`,
    `<p style="color:#555;font-size:13px">${escapeHtml(why)}<br>${link(stop, place.unsubscribeUrl)}</p>`,
    `</body></html>`,
  ].join("");
  return { subject, text, html };
}
