import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { shops } from "../db/schema";
import { dailySummaries } from "../db/schema-cod-money";
import { wordsIn } from "../i18n/i18n.server";
import { DEFAULT_TIME_ZONE, dateIn, hourIn } from "../platform/zoned-time";
import { keptShopName, parseShopSettings } from "../shops/settings";
import { dayOf } from "../shipments/status-words";
import type { Mailer } from "./mailer.server";
import { factCount, summaryFacts } from "./summary-facts.server";
import { summaryMessage } from "./summary-message";
import { unsubscribeUrl } from "./unsubscribe-link.server";

/**
 * A shop's daily summary: due once its chosen hour has come in the shop's zone, and sent once
 * per shop and day (a `daily_summaries` row taken first: a second run of the same day sends
 * nothing). Nothing to say: nothing is sent (the row says 0 addresses). A failure to send gives the
 * day back, so the job's retry sends it.
 */
export interface SummaryEnv {
  SHOPIFY_APP_URL: string;
  SHOPIFY_API_SECRET: string;
  SHOPIFY_API_KEY: string;
}

/** The installed shops with addresses chosen whose summary of today (their zone) is due and not sent. */
export async function dueSummaries(
  db: Db,
  now: Date,
  onlyShop?: string,
): Promise<{ shop: string; day: string }[]> {
  const rows = await db
    .select({ shop: shops.shop, settings: shops.settings, zone: shops.ianaTimezone })
    .from(shops)
    .where(
      and(
        eq(shops.installed, true),
        sql`jsonb_array_length(coalesce(${shops.settings}->'dailySummary'->'emails', '[]'::jsonb)) > 0`,
        onlyShop ? eq(shops.shop, onlyShop) : undefined,
      ),
    );
  const due: { shop: string; day: string }[] = [];
  for (const row of rows) {
    const { dailySummary } = parseShopSettings(row.settings);
    const zone = row.zone ?? DEFAULT_TIME_ZONE;
    if (hourIn(now, zone) >= dailySummary.hour)
      due.push({ shop: row.shop, day: dateIn(now, zone) });
  }
  if (due.length === 0) return [];
  const sent = await db
    .select({ shop: dailySummaries.shop })
    .from(dailySummaries)
    .where(
      sql`(${dailySummaries.shop}, ${dailySummaries.day}) IN (${sql.join(
        due.map((d) => sql`(${d.shop}, ${d.day}::date)`),
        sql`, `,
      )})`,
    );
  const done = new Set(sent.map((s) => s.shop));
  return due.filter((d) => !done.has(d.shop));
}

export type SummaryOutcome = "sent" | "nothing" | "already" | "off";

/** Sends the shop's summary of `day` (YYYY-MM-DD, the shop's zone) to each chosen address. */
export async function sendDailySummary(
  db: Db,
  mailer: Mailer,
  env: SummaryEnv,
  shop: string,
  day: string,
  now: Date = new Date(),
): Promise<{ outcome: SummaryOutcome; recipients: number }> {
  const [row] = await db.select().from(shops).where(eq(shops.shop, shop));
  if (!row || !row.installed) return { outcome: "off", recipients: 0 };
  const settings = parseShopSettings(row.settings);
  const { emails, language } = settings.dailySummary;
  if (emails.length === 0) return { outcome: "off", recipients: 0 };
  const taken = await db
    .insert(dailySummaries)
    .values({ shop, day, recipients: 0 })
    .onConflictDoNothing()
    .returning({ shop: dailySummaries.shop });
  if (taken.length === 0) return { outcome: "already", recipients: 0 };
  try {
    const facts = await summaryFacts(db, shop, settings.codType, now);
    if (factCount(facts) === 0) return { outcome: "nothing", recipients: 0 };
    const { t, locale } = wordsIn(language);
    const shopName = keptShopName(settings, shop);
    for (const email of emails) {
      const stop = unsubscribeUrl(env.SHOPIFY_APP_URL, env.SHOPIFY_API_SECRET, shop, email);
      const message = summaryMessage(
        facts,
        { t, locale },
        {
          shopName,
          day: dayOf(`${day}T00:00:00Z`, { locale, timeZone: "UTC" }),
          adminUrl: `https://${shop}/admin/apps/${env.SHOPIFY_API_KEY}`,
          unsubscribeUrl: stop,
        },
      );
      await mailer.send({
        to: email,
        ...message,
        headers: {
          "List-Unsubscribe": `<${stop}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    }
    await db
      .update(dailySummaries)
      .set({ recipients: emails.length, sentAt: now })
      .where(and(eq(dailySummaries.shop, shop), eq(dailySummaries.day, day)));
    return { outcome: "sent", recipients: emails.length };
  } catch (error) {
    // The day is given back: the job's retry sends it (an address already sent to gets it again).
    await db
      .delete(dailySummaries)
      .where(and(eq(dailySummaries.shop, shop), eq(dailySummaries.day, day)));
    throw error;
  }
}

/** Takes an address off the shop's summary (its unsubscribe link); false when it was not on it. */
export async function unsubscribe(db: Db, shop: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ settings: shops.settings })
    .from(shops)
    .where(eq(shops.shop, shop));
  if (!row) return false;
  const settings = parseShopSettings(row.settings);
  const emails = settings.dailySummary.emails.filter((e) => e !== email.toLowerCase());
  if (emails.length === settings.dailySummary.emails.length) return false;
  await db
    .update(shops)
    .set({
      settings: sql`jsonb_set(${shops.settings}, '{dailySummary,emails}', ${JSON.stringify(emails)}::jsonb)`,
    })
    .where(eq(shops.shop, shop));
  return true;
}
