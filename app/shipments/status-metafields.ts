import {
  METAFIELD_DEFINITION_CREATE,
  METAFIELD_DEFINITION_QUERY,
  METAFIELD_DEFINITION_UPDATE,
  METAFIELDS_SET,
} from "../admin-api/operations/metafields";
import { adminAnswer, orderGid, userErrorText, type AdminVariables } from "../admin-api/request";
import { SHIPMENT_STATUSES, statusRank } from "./states";

/**
 * The order's shipping status in Shopify, for the merchant, Shopify Flow and other apps: two order
 * metafields in the merchant-owned namespace `parcelbridge`, each with a definition this app makes
 * in the shop.
 *
 * - `parcelbridge.status` (single-line text, one of the shipment statuses): the order's status,
 *   that of its least advanced shipment (an order shipped from two warehouses is delivered when
 *   both parcels are). Pinned, so it shows on the order page.
 * - `parcelbridge.shipments` (JSON): each of the order's shipments: part, status, location,
 *   courier, waybill, tracking URL. Never the recipient.
 *
 * Why not the app-owned `$app` namespace: Shopify lets the merchant read an app-owned metafield, but
 * no other app (MetafieldAdminAccess MERCHANT_READ: "No other apps have access"), and an app-owned
 * definition takes no other access. A merchant-owned definition is readable by every app the shop
 * has and by Flow; the price is that they may write it too: the app writes both again with every
 * change of a shipment.
 */
export const STATUS_NAMESPACE = "parcelbridge";
export const STATUS_KEY = "status";
export const SHIPMENTS_KEY = "shipments";

/**
 * Raised when the definitions change (a new status among the choices, a new description): the
 * worker updates each shop's definitions once per version (shops.status_definitions_version).
 */
export const STATUS_DEFINITIONS_VERSION = 1;

/** A definition as this app makes it: what metafieldDefinitionCreate takes (update takes the same but the type). */
export interface StatusDefinition {
  key: string;
  type: "single_line_text_field" | "json";
  name: string;
  description: string;
  pin: boolean;
  validations: { name: string; value: string }[];
}

export const STATUS_DEFINITIONS: readonly StatusDefinition[] = [
  {
    key: STATUS_KEY,
    type: "single_line_text_field",
    name: "Shipping status",
    description:
      "Written by ParcelBridge: the order's shipment status at the shipping service (for an order shipped in several parcels, that of the least advanced one).",
    pin: true,
    validations: [{ name: "choices", value: JSON.stringify(SHIPMENT_STATUSES) }],
  },
  {
    key: SHIPMENTS_KEY,
    type: "json",
    name: "Shipments",
    description:
      "Written by ParcelBridge: each shipment of the order (part, status, location, courier, waybill, tracking_url).",
    pin: false,
    validations: [],
  },
];

const identifier = (key: string) => ({
  ownerType: "ORDER" as const,
  namespace: STATUS_NAMESPACE,
  key,
});

export const definitionQueryVariables = (
  key: string,
): AdminVariables<typeof METAFIELD_DEFINITION_QUERY> => ({ identifier: identifier(key) });

export const definitionCreateVariables = (
  d: StatusDefinition,
  pin = d.pin,
): AdminVariables<typeof METAFIELD_DEFINITION_CREATE> => ({
  definition: {
    ...identifier(d.key),
    type: d.type,
    name: d.name,
    description: d.description,
    pin,
    validations: d.validations,
  },
});

export const definitionUpdateVariables = (
  d: StatusDefinition,
): AdminVariables<typeof METAFIELD_DEFINITION_UPDATE> => ({
  definition: {
    ...identifier(d.key),
    name: d.name,
    description: d.description,
    validations: d.validations,
  },
});

/** The shop's definition of the key: its type, or null when the shop has none. */
export function parseDefinition(body: unknown): { id: string; type: string } | null {
  const found = adminAnswer(METAFIELD_DEFINITION_QUERY, body).metafieldDefinition;
  return found ? { id: found.id, type: found.type.name } : null;
}

type DefinitionWrite = { id: string } | { refused: string; codes: string[] };

/** A definition made or updated, or Shopify's refusal with its codes (PINNED_LIMIT_REACHED, TAKEN, …). */
function definitionWrite(
  made: { id: string } | null | undefined,
  errors: readonly { message: string; code?: string | null }[],
): DefinitionWrite {
  if (made && errors.length === 0) return { id: made.id };
  return {
    refused: userErrorText(errors) || "no definition was made",
    codes: errors.flatMap((e) => (e.code ? [e.code] : [])),
  };
}

export function parseDefinitionCreate(body: unknown): DefinitionWrite {
  const answer = adminAnswer(METAFIELD_DEFINITION_CREATE, body).metafieldDefinitionCreate;
  return definitionWrite(answer?.createdDefinition, answer?.userErrors ?? []);
}

export function parseDefinitionUpdate(body: unknown): DefinitionWrite {
  const answer = adminAnswer(METAFIELD_DEFINITION_UPDATE, body).metafieldDefinitionUpdate;
  return definitionWrite(answer?.updatedDefinition, answer?.userErrors ?? []);
}

/** Null when written; else Shopify's reasons. */
export function parseMetafieldsSet(body: unknown): string | null {
  const errors = adminAnswer(METAFIELDS_SET, body).metafieldsSet?.userErrors;
  return errors?.length ? userErrorText(errors) : null;
}

/** What the metafields say of one shipment (never its recipient). */
export interface ShipmentForStatus {
  part: number;
  status: string;
  shopifyLocationName: string | null;
  courierCompany: string | null;
  courierType: string | null;
  waybillId: string | null;
  trackingUrl: string | null;
}

/**
 * The order's status from its current shipments (one per part): the least advanced one. Parts not
 * required (another fulfillment service's, merged away) count only when every part is. Among parts
 * as far along, one that did not arrive wins over a delivered one: an order with a parcel returned
 * is not "delivered".
 */
export function orderShippingStatus(
  shipments: readonly Pick<ShipmentForStatus, "status">[],
): string | null {
  const counted = shipments.some((s) => s.status !== "not_required")
    ? shipments.filter((s) => s.status !== "not_required")
    : shipments;
  if (counted.length === 0) return null;
  // Least advanced first; as far along, delivered last; then in the statuses' own order.
  const key = (s: string): [number, number, number] => [
    statusRank(s),
    s === "delivered" ? 1 : 0,
    SHIPMENT_STATUSES.indexOf(s as never),
  ];
  const sorted = counted
    .map((s) => s.status)
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
  return sorted[0] ?? null;
}

/** The two metafields' values for an order's current shipments. */
export function statusMetafields(
  orderId: string,
  shipments: readonly ShipmentForStatus[],
): { ownerId: string; namespace: string; key: string; type: string; value: string }[] {
  const status = orderShippingStatus(shipments);
  if (!status) return [];
  const parts = [...shipments]
    .sort((a, b) => a.part - b.part)
    .map((s) => ({
      part: s.part,
      status: s.status,
      location: s.shopifyLocationName,
      courier: s.courierCompany,
      service: s.courierType,
      waybill: s.waybillId,
      tracking_url: s.trackingUrl,
    }));
  const ownerId = orderGid(orderId);
  return [
    {
      ownerId,
      namespace: STATUS_NAMESPACE,
      key: STATUS_KEY,
      type: "single_line_text_field",
      value: status,
    },
    {
      ownerId,
      namespace: STATUS_NAMESPACE,
      key: SHIPMENTS_KEY,
      type: "json",
      value: JSON.stringify(parts),
    },
  ];
}
