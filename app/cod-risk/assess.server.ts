import type { Db } from "../db/client.server";
import type { DestinationSnapshot } from "../orders/map-types";
import type { ShopifyOrder } from "../orders/payload";
import { readRiskHistory } from "./history.server";
import { scoreCodRisk, type CodRisk } from "./rules";
import type { BuyerMark } from "./hold";
import type { MarkKey } from "./mark-match";

/** A COD order's risk as assessed: the score, level and reasons, and when. */
export interface AssessedRisk extends CodRisk {
  /** ISO time of the assessment. */
  at: string;
  /** The merchant's word on the buyer that counts for this order (./mark-match.ts), if any. */
  mark: BuyerMark | null;
  /** The order's keys that the mark matched on. */
  markKeys?: MarkKey[];
}

/**
 * The risk of a cash-on-delivery order, from this shop's own history (one SQL statement:
 * ./history.server.ts) and the order itself (./rules.ts). The buyer is whoever the order names by
 * phone, e-mail or Shopify customer; the destination is its postal code and city.
 */
export async function assessCodRisk(
  db: Db,
  input: {
    shop: string;
    order: ShopifyOrder;
    destination: DestinationSnapshot;
    cod: number;
    currency: string;
    now?: Date;
  },
): Promise<AssessedRisk> {
  const { shop, order, destination } = input;
  const at = order.created_at ? new Date(order.created_at) : (input.now ?? new Date());
  const customer = (order.customer as { id?: unknown } | null | undefined)?.id;
  const { mark, ...history } = await readRiskHistory(
    db,
    shop,
    order.id,
    {
      phone: destination.phone,
      email: destination.email,
      customerId: customer === undefined || customer === null ? null : String(customer),
    },
    { postalCode: destination.postalCode, city: destination.city },
    at,
  );
  const street = [order.shipping_address?.address1, order.shipping_address?.address2]
    .filter((part) => part && part.trim())
    .join(" ");
  const risk = scoreCodRisk({
    ...history,
    order: {
      cod: input.cod,
      currency: input.currency,
      phone: destination.phone,
      address: street,
      postalCode: destination.postalCode,
    },
  });
  return {
    ...risk,
    at: (input.now ?? new Date()).toISOString(),
    mark: mark?.mark ?? null,
    ...(mark ? { markKeys: mark.keys } : {}),
  };
}
