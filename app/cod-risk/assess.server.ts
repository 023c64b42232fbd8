import type { Db } from "../db/client.server";
import { adminAreas } from "../addresses/admin-areas.server";
import { checkAddress } from "../addresses/address-check";
import type { DestinationSnapshot } from "../orders/map-types";
import type { ShopifyOrder } from "../orders/payload";
import { phoneKind } from "../orders/phone";
import { addressKey, readRiskHistory } from "./history.server";
import { scoreCodRisk, type CodRisk, type RiskFacts } from "./rules";
import type { BuyerMark } from "./hold";
import type { MarkKey, MarkMatch } from "./mark-match";

/** A COD order's risk as assessed: the score, level and reasons, and when. */
export interface AssessedRisk extends CodRisk {
  /** ISO time of the assessment. */
  at: string;
  /** The merchant's word on the buyer that counts for this order (./mark-match.ts), if any. */
  mark: BuyerMark | null;
  /** The order's keys that the mark matched on. */
  markKeys?: MarkKey[];
}

export interface AssessInput {
  shop: string;
  order: ShopifyOrder;
  destination: DestinationSnapshot;
  cod: number;
  currency: string;
  now?: Date;
}

/**
 * What the assessment weighs for a cash-on-delivery order: this shop's own history of the buyer
 * and the destination (one SQL statement: ./history.server.ts), the phone as the numbering plan
 * reads it, and the address checked against Kemendagri's areas (app/addresses/). The buyer is
 * whoever the order names by phone, e-mail, Shopify customer or a door with a house number, and
 * whatever else those shipments name; the destination is its postal code and city.
 */
export async function assessmentFacts(
  db: Db,
  input: AssessInput,
): Promise<{ facts: RiskFacts; mark: MarkMatch | null }> {
  const { shop, order, destination } = input;
  const at = order.created_at ? new Date(order.created_at) : (input.now ?? new Date());
  const customer = (order.customer as { id?: unknown } | null | undefined)?.id;
  const shipping = order.shipping_address;
  const address = shipping ? checkAddress(adminAreas(), shipping) : [];
  // Only a door a courier could find names one buyer: "Gg. Buntu" is many people's.
  const door = address.some((f) => STREET_KINDS.has(f.kind))
    ? null
    : addressKey(destination.address);
  const { mark, ...history } = await readRiskHistory(
    db,
    shop,
    order.id,
    {
      phone: destination.phone,
      email: destination.email,
      customerId: customer === undefined || customer === null ? null : String(customer),
      address: door,
    },
    { postalCode: destination.postalCode, city: destination.city },
    at,
  );
  return {
    facts: {
      ...history,
      order: {
        cod: input.cod,
        currency: input.currency,
        phone: destination.phone,
        phoneKind: destination.phone ? phoneKind(destination.phone) : null,
        address,
      },
    },
    mark,
  };
}

const STREET_KINDS = new Set(["landmarkOnly", "noHouseNumber", "shortAddress"]);

/** The risk of a cash-on-delivery order: its facts (assessmentFacts) scored by ./rules.ts. */
export async function assessCodRisk(db: Db, input: AssessInput): Promise<AssessedRisk> {
  const { facts, mark } = await assessmentFacts(db, input);
  return {
    ...scoreCodRisk(facts),
    at: (input.now ?? new Date()).toISOString(),
    mark: mark?.mark ?? null,
    ...(mark ? { markKeys: mark.keys } : {}),
  };
}
