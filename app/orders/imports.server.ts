import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { orderImports } from "../db/schema";
import type { TFunction } from "i18next";
import { inEnglish, said, sayIn } from "../i18n/said";

/** How far back "import open orders" reaches (orders older than 60 days need read_all_orders). */
export const IMPORT_DAYS = 60;

/** Why an import stopped when the shop has no session (the import's `error`, in English). */
export const IMPORT_NO_SESSION = said("importNoSession");

/**
 * An import's stop in the reader's words: the app's own reason said in their language, Shopify's
 * or the network's words quoted as they came.
 */
export const importErrorText = (error: string, t: TFunction): string =>
  error === inEnglish(IMPORT_NO_SESSION)
    ? sayIn(IMPORT_NO_SESSION, t)
    : sayIn(said("importStoppedBecause", { detail: error }), t);

/**
 * Starts an import run of the shop's open orders of the last days, or returns the one running:
 * its id, and how many pages it has read (the page its next job reads).
 */
export async function startImport(
  db: Queryable,
  shop: string,
  days = IMPORT_DAYS,
  now = new Date(),
): Promise<{ id: string; pages: number }> {
  // One run per shop (a unique index on the running ones): two clicks at once start one run.
  const [row] = await db
    .insert(orderImports)
    .values({ shop, since: new Date(now.getTime() - days * 24 * 3600_000) })
    .onConflictDoNothing()
    .returning({ id: orderImports.id, pages: orderImports.pages });
  if (row) return row;
  const [running] = await db
    .select({ id: orderImports.id, pages: orderImports.pages })
    .from(orderImports)
    .where(and(eq(orderImports.shop, shop), eq(orderImports.status, "running")));
  if (running) return running;
  // The running one ended between the two statements: start again.
  return startImport(db, shop, days, now);
}

/** The shop's latest import run, for its progress on the shipments page. */
export async function latestImport(db: Queryable, shop: string) {
  const [row] = await db
    .select()
    .from(orderImports)
    .where(eq(orderImports.shop, shop))
    .orderBy(desc(orderImports.startedAt))
    .limit(1);
  return row ?? null;
}
