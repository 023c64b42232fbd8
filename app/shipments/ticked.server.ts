import type { TFunction } from "i18next";
import { ShippingError } from "../shipping/errors";
import { ShippingNotConfiguredError } from "../shops/shipping-client.server";

/** The most shipments a bulk action's modal reads figures for at once: one page of the list. */
const MOST_TICKED = 50;

/** The shipments ticked in the list, as a bulk modal's request names them (`?id=…&id=…`). */
export const tickedIds = (request: Request): string[] =>
  new URL(request.url).searchParams.getAll("id").slice(0, MOST_TICKED);

/**
 * Why the shipping service gave a bulk modal no figures, in the merchant's words: no key set up,
 * or `failed` (the service down or refusing); any other error is thrown as it is.
 */
export function unansweredWords(error: unknown, t: TFunction, failed: string): string {
  if (error instanceof ShippingNotConfiguredError) return t("shipment.service.notSetUp");
  if (error instanceof ShippingError) return failed;
  throw error;
}
