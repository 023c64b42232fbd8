import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { db } from "../db/index.server";
import { wordsFor, type Words } from "../i18n/i18n.server";
import type { CourierNames } from "../shipments/courier-names";
import { shopCourierNames } from "./courier-names.server";
import { shopTimeZone } from "./time-zone.server";

/**
 * What an admin page writes its words with: the reader's language (Shopify's `locale`, see
 * app/i18n/i18n.server.ts), the shop's time zone, for times said as the shop's people say them,
 * and the couriers' names as the shop's shipping service gives them.
 */
export async function speechFor(
  request: Request,
  shop: string,
): Promise<Words & { timeZone: string; couriers: CourierNames }> {
  const [words, timeZone, couriers] = await Promise.all([
    wordsFor(request),
    shopTimeZone({ db, graphql: shopifyAdminGraphql }, shop),
    shopCourierNames(shop),
  ]);
  return { ...words, timeZone, couriers };
}
