import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { wordsFor } from "../i18n/i18n.server";
import { getEnv } from "../platform/env.server";
import { ShippingNotConfiguredError, shippingClientForShop } from "../shops/shipping-client.server";
import { authenticate } from "../shopify.server";
import { areaChoice, type AreaChoice } from "../shops/area-choice";

/**
 * The pickup location form's district and postal code search: the shipping service's own area
 * search (`GET /v1/maps/areas`, with the shop's key), so the postal code saved is one the service
 * knows. At least 3 characters; at most 20 areas, closest first as the service orders them.
 */
export const loader = async ({
  request,
}: LoaderFunctionArgs): Promise<{ areas: AreaChoice[]; error: string | null }> => {
  const { session } = await authenticate.meteredAdmin(request);
  const { t } = await wordsFor(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  if (q.length < 3) return { areas: [], error: t("settings.pickup.area.tooShort") };
  try {
    const client = await shippingClientForShop(db, getEnv(), session.shop);
    const { areas } = await client.searchAreas(q);
    return {
      areas: areas.slice(0, 20).map(areaChoice),
      error: areas.length === 0 ? t("settings.pickup.area.none", { q }) : null,
    };
  } catch (error) {
    return {
      areas: [],
      error:
        error instanceof ShippingNotConfiguredError
          ? t("shipment.service.notSetUp")
          : t("settings.pickup.area.failed"),
    };
  }
};
