import type { LoaderFunctionArgs } from "@remix-run/node";
import { MIN_PARCELS } from "../../couriers/figures";
import { draftOf } from "../../couriers/rules/form";
import { PREVIEW_ORDERS } from "../../couriers/rules/preview.server";
import { db } from "../../db/index.server";
import { authenticate } from "../../shopify.server";
import { MAX_COURIER_RULES } from "../../shops/courier-rules";
import { getShopSettings } from "../../shops/shops.server";
import { speechFor } from "../../shops/speech.server";
import { rulesReport, serviceOptions } from "./page-data.server";

/** The rules page's data: the saved rules as the page edits them, the services, the report. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const settings = await getShopSettings(db, session.shop);
  const rules = settings.courierRules;
  return {
    drafts: rules.map((r) => draftOf(r, speech.locale)),
    services: serviceOptions(speech.couriers, rules),
    max: MAX_COURIER_RULES,
    minParcels: MIN_PARCELS,
    previewOrders: PREVIEW_ORDERS,
    // Opening or reloading the page shows the preview a load read in the last minute.
    ...(await rulesReport(session.shop, settings, rules, speech, { fresh: false })),
  };
};
