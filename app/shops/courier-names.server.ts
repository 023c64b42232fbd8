import { db } from "../db/index.server";
import { byDeadline } from "../platform/deadline";
import { getEnv } from "../platform/env.server";
import { perShopKept } from "../platform/shops-kept";
import { courierNamesOf, NO_COURIER_NAMES, type CourierNames } from "../shipments/courier-names";
import { shippingClientForShop } from "./shipping-client.server";

/** How long a shop's couriers list is kept in the process, and how long a page waits for it. */
const KEEP_MS = 6 * 3600_000;
const WAIT_MS = 1_500;
/** When the service could not answer (or the shop has no key yet): codes, and no asking again, for a while. */
const ASK_AGAIN_MS = 10 * 60_000;

const kept = perShopKept<{ names: CourierNames; until: number }>();

/**
 * The shop's couriers and services as its shipping service names them (`GET /v1/couriers` with the
 * shop's own key), for every place a merchant reads one. Read once per process every six hours;
 * a service slower than 1.5 s (or a shop without a key) gets codes ("JNE REG") this time, and is not
 * asked again for ten minutes.
 */
export async function shopCourierNames(shop: string, now = Date.now()): Promise<CourierNames> {
  const known = kept.get(shop);
  if (known && known.until > now) return known.names;
  try {
    const client = await shippingClientForShop(db, getEnv(), shop);
    const { couriers } = await byDeadline(client.getCouriers(), now + WAIT_MS);
    const names = courierNamesOf(couriers);
    kept.set(shop, { names, until: now + KEEP_MS });
    return names;
  } catch {
    kept.set(shop, { names: NO_COURIER_NAMES, until: now + ASK_AGAIN_MS });
    return NO_COURIER_NAMES;
  }
}

/** Forget the lists kept (tests; a new key may reach another service). */
export function forgetCourierNames(shop?: string): void {
  if (shop) kept.delete(shop);
  else kept.clear();
}
