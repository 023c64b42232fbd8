import type { SecretKeys } from "../secrets/crypto.server";
import type { Db } from "../db/client.server";
import {
  CARRIER_SERVICE_CREATE,
  CARRIER_SERVICE_DELETE,
  CARRIER_SERVICE_UPDATE,
  CARRIER_SERVICES_QUERY,
} from "../admin-api/operations/carrier-services";
import {
  AdminGraphqlError,
  adminRequest,
  type AdminAnswer,
  type AdminDocument,
  type AdminGraphql,
  type AdminVariables,
} from "../admin-api/request";
import { callbackTokenOf } from "../shops/callback-token.server";
import { setCarrierServiceId } from "../shops/shops.server";
import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import { shops } from "../db/schema";
import { CARRIER_SERVICE_PATH } from "./offer";

/**
 * Rates at checkout on and off: the app's carrier service in the shop (Admin API, scope
 * write_shipping). On: created (or, when one is recorded or one with the app's callback exists,
 * updated to active with the current callback URL); off: deleted. Shopify lets only some plans use
 * carrier services (Advanced and above, Shopify billed yearly or with the feature bought, and
 * development stores): such a refusal is told in words.
 */
export const CARRIER_SERVICE_NAME = "ParcelBridge";

/** Shopify refused; the message is for the merchant. */
export class CarrierServiceRefused extends Error {
  override name = "CarrierServiceRefused";
}

/** What Shopify's refusals mean, for the merchant. */
export function refusalText(message: string): string {
  if (/carrier calculated shipping|plan|not eligible|upgrade/i.test(message)) {
    return "Your Shopify plan does not let apps give rates at checkout (carrier-calculated shipping). It needs the Advanced plan or higher, the Shopify plan billed yearly, or the feature added by Shopify Support; development stores have it. Nothing was changed.";
  }
  if (/access denied|write_shipping|required access/i.test(message)) {
    return "The app does not have Shopify's shipping permission yet: open the app from your Shopify admin and approve the updated permissions, then turn rates at checkout on again.";
  }
  return `Shopify refused the carrier service: ${message}`;
}

/** One carrier-service operation; Shopify's GraphQL errors (a plan without the feature, a missing scope) are refusals. */
async function call<D extends AdminDocument>(
  graphql: AdminGraphql,
  shop: string,
  document: D,
  variables: AdminVariables<D>,
): Promise<AdminAnswer<D>> {
  try {
    return await adminRequest(graphql, shop, document, variables);
  } catch (error) {
    if (error instanceof AdminGraphqlError)
      throw new CarrierServiceRefused(refusalText(error.detail));
    throw error;
  }
}

function refused(errors: readonly { message: string }[]): never {
  throw new CarrierServiceRefused(refusalText(errors.map((e) => e.message).join("; ")));
}

/** The shop's callback URL: the app's rates path with the shop's callback token. */
export function callbackUrlFor(appUrl: string, token: string): string {
  const url = new URL(CARRIER_SERVICE_PATH, appUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/** Whether a carrier service calls this app's rates path (with any token, or none). */
function callsThisApp(callbackUrl: string, appUrl: string): boolean {
  try {
    const url = new URL(callbackUrl);
    const app = new URL(CARRIER_SERVICE_PATH, appUrl);
    return url.origin === app.origin && url.pathname === app.pathname;
  } catch {
    return false;
  }
}

/**
 * Turns rates at checkout on: the shop's carrier service, active, calling `appUrl`'s callback.
 * `recorded`: the id kept in shops.carrier_service_id. Returns the id.
 */
export async function enableCarrierService(
  db: Db,
  keys: SecretKeys,
  graphql: AdminGraphql,
  shop: string,
  appUrl: string,
  recorded: string | null,
): Promise<string> {
  const token = await callbackTokenOf(db, keys, shop);
  const callbackUrl = callbackUrlFor(appUrl, token);
  // The recorded one, else one already calling this app (made before the id was kept, or a reinstall).
  const existing = (await call(graphql, shop, CARRIER_SERVICES_QUERY, {})).carrierServices.nodes;
  const mine =
    existing.find((s) => s.id === recorded) ??
    existing.find(
      (s) =>
        (typeof s.callbackUrl === "string" && callsThisApp(s.callbackUrl, appUrl)) ||
        s.name === CARRIER_SERVICE_NAME,
    );
  if (mine) {
    const updated = (
      await call(graphql, shop, CARRIER_SERVICE_UPDATE, {
        input: { id: mine.id, name: CARRIER_SERVICE_NAME, callbackUrl, active: true },
      })
    ).carrierServiceUpdate;
    if (updated?.userErrors.length) refused(updated.userErrors);
    await setCarrierServiceId(db, shop, mine.id, token);
    return mine.id;
  }
  const created = (
    await call(graphql, shop, CARRIER_SERVICE_CREATE, {
      input: {
        name: CARRIER_SERVICE_NAME,
        callbackUrl,
        active: true,
        supportsServiceDiscovery: true,
      },
    })
  ).carrierServiceCreate;
  if (!created?.carrierService || created.userErrors.length)
    refused(
      created?.userErrors.length
        ? created.userErrors
        : [{ message: "no carrier service in Shopify's answer" }],
    );
  await setCarrierServiceId(db, shop, created.carrierService.id, token);
  return created.carrierService.id;
}

/** Turns rates at checkout off: the `recorded` carrier service is deleted (one already gone is fine). */
export async function disableCarrierService(
  db: Db,
  graphql: AdminGraphql,
  shop: string,
  recorded: string | null,
): Promise<void> {
  if (recorded) {
    const deleted = (await call(graphql, shop, CARRIER_SERVICE_DELETE, { id: recorded }))
      .carrierServiceDelete;
    const gone =
      deleted?.userErrors.every((e) => /not found|does not exist/i.test(e.message)) ?? true;
    if (!gone) refused(deleted!.userErrors);
  }
  await setCarrierServiceId(db, shop, null);
}

/** The installed shops with rates at checkout on (a carrier service recorded), and which further `where` says. */
export function shopsWithCarrierService(db: Db, where?: SQL) {
  return db
    .select({ shop: shops.shop, carrierServiceId: shops.carrierServiceId })
    .from(shops)
    .where(and(eq(shops.installed, true), isNotNull(shops.carrierServiceId), where));
}
