import { whatsappLink } from "../shipments/trouble";
import { callbackTokenHash } from "./callback-token.server";
import { forgetShop } from "./shop-cache-store";
import { and, eq, inArray, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret, type SecretKeys } from "../secrets/crypto.server";
import type { Queryable as Db } from "../db/client.server";
import {
  codBuyerMarks,
  codPayouts,
  fulfillmentEvents,
  orderImports,
  sessionTable,
  shipmentEvents,
  shipments,
  shops,
  webhookInbox,
} from "../db/schema";
import { ORDER_DATA_TOPICS } from "../orders/sources";
import { eventMessage, NO_RECIPIENT } from "../shipments/shipments.server";
import { said } from "../i18n/said";
import { redactStatementLines } from "../cod/statements/redact.server";
import { parseShopSettings, shopSettingsSchema, type ShopSettings } from "./settings";

/**
 * Shops: install state, settings and the encrypted shipping API key. Every function takes the
 * database explicitly so web, worker and tests share it without import-time side effects.
 */

const KEY_PATTERN = /^biteship_(test|live)\.\S+$/;

export class InvalidShippingKeyError extends Error {
  override name = "InvalidShippingKeyError";
}

/** `test` or `live`, from the key's prefix; throws for a key of neither form. */
export function shippingModeOfKey(apiKey: string): "test" | "live" {
  const match = KEY_PATTERN.exec(apiKey.trim());
  if (!match)
    throw new InvalidShippingKeyError(
      "A shipping API key starts with biteship_test. or biteship_live.",
    );
  return match[1] as "test" | "live";
}

/** Records an installation (or a re-installation after an uninstall). */
export async function recordInstall(db: Db, shop: string): Promise<void> {
  await db
    .insert(shops)
    .values({ shop })
    .onConflictDoUpdate({
      target: shops.shop,
      set: {
        installed: true,
        installedAt: sql`now()`,
        uninstalledAt: null,
        redactedAt: null,
        updatedAt: sql`now()`,
      },
      // Only a shop that was uninstalled counts as newly installed; otherwise keep the date.
      setWhere: eq(shops.installed, false),
    });
  forgetShop(shop);
}

export async function getShop(db: Db, shop: string) {
  const [row] = await db.select().from(shops).where(eq(shops.shop, shop));
  return row ?? null;
}

export async function getShopSettings(db: Db, shop: string): Promise<ShopSettings> {
  const row = await getShop(db, shop);
  return parseShopSettings(row?.settings);
}

export async function updateShopSettings(
  db: Db,
  shop: string,
  patch: Partial<ShopSettings>,
): Promise<ShopSettings> {
  const current = await getShopSettings(db, shop);
  const next = shopSettingsSchema.parse({ ...current, ...patch });
  await db
    .insert(shops)
    .values({ shop, settings: next })
    .onConflictDoUpdate({ target: shops.shop, set: { settings: next, updatedAt: sql`now()` } });
  forgetShop(shop);
  return next;
}

/** Stores the shop's shipping API key encrypted (AES-256-GCM, bound to the shop). */
export async function setShippingApiKey(
  db: Db,
  encryptionKey: SecretKeys,
  shop: string,
  apiKey: string,
  baseUrl?: string | null,
): Promise<void> {
  const trimmed = apiKey.trim();
  const mode = shippingModeOfKey(trimmed);
  const values = {
    shippingApiKeyEncrypted: encryptSecret(trimmed, encryptionKey, shop),
    shippingApiKeyHint: trimmed.slice(-4),
    shippingMode: mode,
    ...(baseUrl === undefined ? {} : { shippingBaseUrl: baseUrl }),
  };
  await db
    .insert(shops)
    .values({ shop, ...values })
    .onConflictDoUpdate({ target: shops.shop, set: { ...values, updatedAt: sql`now()` } });
  forgetShop(shop);
}

/** The shop's shipping API key in clear, or null when none is set. Never log the result. */
export async function getShippingApiKey(
  db: Db,
  encryptionKey: SecretKeys,
  shop: string,
): Promise<string | null> {
  return shippingApiKeyOf(await getShop(db, shop), encryptionKey);
}

/** The key in clear from a shop row already read (null when none is set). Never log the result. */
export function shippingApiKeyOf(
  row: { shop: string; shippingApiKeyEncrypted: string | null } | null | undefined,
  encryptionKey: SecretKeys,
): string | null {
  if (!row?.shippingApiKeyEncrypted) return null;
  return decryptSecret(row.shippingApiKeyEncrypted, encryptionKey, row.shop);
}

/**
 * app/uninstalled: the access tokens are dead, so sessions go; the shop's shipments and settings
 * stay until shop/redact (48 hours later) in case the merchant reinstalls.
 */
export async function recordUninstall(db: Db, shop: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessionTable).where(eq(sessionTable.shop, shop));
    await tx
      .update(shops)
      // Shopify removes an uninstalled app's carrier service: rates at checkout are off.
      .set({
        installed: false,
        uninstalledAt: sql`now()`,
        carrierServiceId: null,
        carrierCallbackTokenHash: null,
        carrierTokenlessUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(shops.shop, shop));
  });
  forgetShop(shop);
}

const REMOVED = "[removed at the customer's request]";

/**
 * The personal values to cut out of texts, longest first (an address before the city inside it),
 * each also as its JSON-escaped form; values of one or two characters are left (they would cut
 * ordinary words).
 */
function personalValues(values: readonly (string | null)[]): string[] {
  const found = new Set<string>();
  for (const value of values) {
    const v = value?.trim();
    if (!v || v.length < 3) continue;
    found.add(v);
    found.add(JSON.stringify(v).slice(1, -1));
    // Addresses are written in one line elsewhere: each part of a comma-separated address too.
    for (const part of v.split(/,\s*/)) if (part.trim().length >= 4) found.add(part.trim());
    // A phone number written into a WhatsApp link (https://wa.me/62…): its digits too.
    const link = whatsappLink(v);
    if (link) found.add(link.slice("https://wa.me/".length));
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** Who was redacted: how many shipments, and the phones and e-mails they carried. */
export interface RedactedBuyer {
  shipments: number;
  phones: string[];
  emails: string[];
}

/**
 * customers/redact: blanks the personal data of the customer's recipients on the shop's
 * shipments (by customer id and by the listed orders), and the store-order payloads of those
 * orders in the webhook inbox, and cuts those values out of the problems and timeline messages the
 * app wrote about them. Later deliveries of those orders store no payload and change nothing
 * (app/webhooks/order-delivery.server.ts, the update processor). Shipment ids, statuses and
 * prices stay: they are the shop's accounting, not personal data. Returns how many shipments were
 * redacted, and the phones and e-mails they carried (the caller removes what else is keyed by
 * them: the merchant's COD marks on the buyer).
 */
export async function redactCustomer(
  db: Db,
  shop: string,
  customerId: string | null,
  orderIds: readonly string[],
): Promise<RedactedBuyer> {
  return db.transaction(async (tx) => {
    const matches = [];
    if (customerId) matches.push(eq(shipments.customerId, customerId));
    if (orderIds.length > 0) matches.push(inArray(shipments.orderId, [...orderIds]));
    if (matches.length === 0) return { shipments: 0, phones: [], emails: [] };
    const where = and(
      eq(shipments.shop, shop),
      matches.length === 1 ? matches[0] : sql`(${sql.join(matches, sql` OR `)})`,
    );
    // What the app wrote about these recipients in its own words (problems, timeline messages)
    // goes too: each personal value is cut out of every text of these shipments.
    const before = await tx
      .select({
        id: shipments.id,
        problem: shipments.problem,
        problemSaid: shipments.problemSaid,
        problems: shipments.problems,
        values: sql<
          (string | null)[]
        >`array[${shipments.destinationName}, ${shipments.destinationPhone}, ${shipments.destinationEmail}, ${shipments.destinationAddress}, ${shipments.destinationCity}]`,
      })
      .from(shipments)
      .where(where);
    const redacted = await tx
      .update(shipments)
      .set({
        ...NO_RECIPIENT,
        redactedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning({ id: shipments.id, orderId: shipments.orderId });
    for (const row of before) {
      const values = personalValues(row.values);
      if (values.length === 0) continue;
      const scrub = (text: string) => values.reduce((t, v) => t.split(v).join(REMOVED), text);
      const problems = JSON.parse(scrub(JSON.stringify(row.problems ?? []))) as unknown;
      // The problem's values too (the recipient named in it), wherever the reader's language puts them.
      const problemSaid =
        row.problemSaid === null
          ? null
          : (JSON.parse(scrub(JSON.stringify(row.problemSaid))) as unknown);
      await tx
        .update(shipments)
        .set({ problem: row.problem === null ? null : scrub(row.problem), problemSaid, problems })
        .where(eq(shipments.id, row.id));
      const events = await tx
        .select({
          id: shipmentEvents.id,
          message: shipmentEvents.message,
          said: shipmentEvents.said,
        })
        .from(shipmentEvents)
        .where(eq(shipmentEvents.shipmentId, row.id));
      for (const event of events) {
        if (event.message === null) continue;
        const message = scrub(event.message);
        const kept = JSON.stringify(event.said);
        const saidNow = event.said === null ? null : scrub(kept);
        if (message !== event.message || (saidNow !== null && saidNow !== kept))
          await tx
            .update(shipmentEvents)
            .set({ message, said: saidNow === null ? null : (JSON.parse(saidNow) as unknown) })
            .where(eq(shipmentEvents.id, event.id));
      }
    }
    // The payout statements' lines of these parcels (the recipient's name, a deduction's words).
    if (redacted.length > 0)
      await redactStatementLines(
        tx,
        redacted.map((r) => r.id),
      );
    // The courier's notes (they may name who took the parcel) go with the rest.
    if (redacted.length > 0)
      await tx
        .update(fulfillmentEvents)
        .set({ note: null })
        .where(
          inArray(
            fulfillmentEvents.shipmentId,
            redacted.map((r) => r.id),
          ),
        );
    const affectedOrders = [...new Set([...orderIds, ...redacted.map((r) => r.orderId)])];
    if (affectedOrders.length > 0) {
      await tx
        .update(webhookInbox)
        .set({ payload: null })
        .where(
          and(
            eq(webhookInbox.shop, shop),
            inArray(webhookInbox.topic, [...ORDER_DATA_TOPICS]),
            inArray(webhookInbox.resourceId, affectedOrders),
          ),
        );
    }
    if (redacted.length > 0) {
      await tx.insert(shipmentEvents).values(
        redacted.map((r) => ({
          shipmentId: r.id,
          shop,
          actor: "webhook:customers/redact",
          type: "redacted",
          ...eventMessage(said("recipientRemoved")),
        })),
      );
    }
    const present = (index: number) => [
      ...new Set(before.flatMap((row) => (row.values[index] ? [row.values[index]] : []))),
    ];
    return { shipments: redacted.length, phones: present(1), emails: present(2) };
  });
}

/**
 * shop/redact: removes everything the app holds about the shop: sessions, shipments (and with
 * them their events), webhook inbox entries, recorded COD payouts, its encrypted key and settings. The shop row stays as
 * a tombstone (uninstalled, redacted_at set, nothing else), so that a delivery arriving later is
 * known to be for a redacted shop and stores nothing (order-delivery.server.ts).
 */
export async function redactShop(db: Db, shop: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessionTable).where(eq(sessionTable.shop, shop));
    await tx.delete(shipmentEvents).where(eq(shipmentEvents.shop, shop));
    await tx.delete(shipments).where(eq(shipments.shop, shop));
    await tx.delete(webhookInbox).where(eq(webhookInbox.shop, shop));
    await tx.delete(orderImports).where(eq(orderImports.shop, shop));
    await tx.delete(codPayouts).where(eq(codPayouts.shop, shop));
    await tx.delete(codBuyerMarks).where(eq(codBuyerMarks.shop, shop));
    await tx
      .insert(shops)
      .values({ shop, installed: false, redactedAt: sql`now()` })
      .onConflictDoUpdate({
        target: shops.shop,
        set: {
          installed: false,
          redactedAt: sql`now()`,
          shippingApiKeyEncrypted: null,
          shippingApiKeyHint: null,
          shippingMode: null,
          shippingBaseUrl: null,
          settings: sql`'{}'::jsonb`,
          carrierServiceId: null,
          carrierCallbackTokenHash: null,
          carrierTokenlessUntil: null,
          // Its callback URLs answer no more (the token is made anew if it installs again).
          callbackTokenHash: null,
          callbackTokenSealed: null,
          callbackTokenPreviousHash: null,
          callbackTokenRotatedAt: null,
          updatedAt: sql`now()`,
        },
      });
  });
  forgetShop(shop);
}

/**
 * Records the carrier service registered for rates at checkout (null: none, rates at checkout are
 * off), and the callback token its URL carries (as its hash): from then on rate requests without
 * a token are refused.
 */
export async function setCarrierServiceId(
  db: Db,
  shop: string,
  carrierServiceId: string | null,
  callbackToken: string | null = null,
): Promise<void> {
  await db
    .update(shops)
    .set({
      carrierServiceId,
      carrierCallbackTokenHash: callbackToken === null ? null : callbackTokenHash(callbackToken),
      carrierTokenlessUntil: null,
      updatedAt: sql`now()`,
    })
    .where(eq(shops.shop, shop));
  forgetShop(shop);
}
