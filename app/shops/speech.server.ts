import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { db } from "../db/index.server";
import { wordsFor, type Words } from "../i18n/i18n.server";
import { shopTimeZone } from "./time-zone.server";

/**
 * What an admin page writes its words with: the reader's language (Shopify's `locale`, see
 * app/i18n/i18n.server.ts) and the shop's time zone, for times said as the shop's people say them.
 */
export async function speechFor(
  request: Request,
  shop: string,
): Promise<Words & { timeZone: string }> {
  const [words, timeZone] = await Promise.all([
    wordsFor(request),
    shopTimeZone({ db, graphql: shopifyAdminGraphql }, shop),
  ]);
  return { ...words, timeZone };
}
