import { AuthScopes } from "@shopify/shopify-api";
import { ADMIN_API_VERSION } from "./version";

/**
 * The access scopes Shopify documents for each Admin GraphQL root field the app sends, the one
 * table the code is held to:
 * - `app/admin-api/access-scopes.test.ts` fails when a document of ./operations/ sends a root field
 *   this table lacks, or when shopify.app.toml does not request a scope a used field needs;
 * - the fake Admin API of the tests (fakes/shopify/fake-admin.ts) refuses a field, with Shopify's
 *   ACCESS_DENIED answer, to a shop whose grant does not cover it;
 * - the worker names the scope in a refusal's words (`deniedScopes`).
 *
 * Each entry is read from the field's page of Shopify's Admin GraphQL reference (`doc`, at
 * ADMIN_API_VERSION): Shopify grants the field when the app holds any one of `anyOf` (a write
 * scope includes its read: `AuthScopes`). An empty `anyOf` is a field the page gives no scope for.
 * Where a page makes the scope depend on the object (metafields, metafield definitions), the entry
 * is the one for the object the app uses (an order). `orders` and `order` see the last 60 days of
 * orders unless `read_all_orders` is also granted, which the app does not need (it books new orders).
 */
export interface FieldAccess {
  /** Shopify grants the field when any one of these is granted. */
  anyOf: readonly string[];
  /** The field's page in Shopify's Admin GraphQL reference. */
  doc: string;
  /** What else the page requires beyond the scope (a staff permission), in Shopify's words. */
  also?: string;
}

const REFERENCE = `https://shopify.dev/docs/api/admin-graphql/${ADMIN_API_VERSION}`;
const query = (field: string) => `${REFERENCE}/queries/${field}`;
const mutation = (field: string) => `${REFERENCE}/mutations/${field}`;

const READ_ORDERS = ["read_orders", "read_marketplace_orders"] as const;
const READ_RETURNS = ["read_returns", "read_marketplace_returns"] as const;
const WRITE_RETURNS = ["write_returns", "write_marketplace_returns"] as const;
/** Fulfillment orders of each kind of location; the app's are merchant-managed. */
const READ_FULFILLMENT_ORDERS = [
  "read_assigned_fulfillment_orders",
  "read_merchant_managed_fulfillment_orders",
  "read_third_party_fulfillment_orders",
  "read_marketplace_fulfillment_orders",
] as const;
const WRITE_FULFILLMENT_ORDERS = [
  "write_assigned_fulfillment_orders",
  "write_merchant_managed_fulfillment_orders",
  "write_third_party_fulfillment_orders",
] as const;

/** Root field (query or mutation) → the scopes Shopify documents for it. */
export const ADMIN_FIELD_ACCESS: Readonly<Record<string, FieldAccess>> = {
  // Queries.
  carrierServices: { anyOf: ["read_shipping"], doc: query("carrierServices") },
  currentAppInstallation: { anyOf: [], doc: query("currentAppInstallation") },
  fulfillment: {
    anyOf: [...READ_ORDERS, ...READ_FULFILLMENT_ORDERS],
    doc: query("fulfillment"),
  },
  fulfillmentOrder: { anyOf: READ_FULFILLMENT_ORDERS, doc: query("fulfillmentOrder") },
  job: { anyOf: [], doc: query("job") },
  locations: { anyOf: ["read_locations"], doc: query("locations") },
  metafieldDefinition: { anyOf: READ_ORDERS, doc: query("metafieldDefinition") },
  nodes: { anyOf: ["read_products"], doc: query("nodes") },
  order: { anyOf: READ_ORDERS, doc: query("order") },
  orders: { anyOf: READ_ORDERS, doc: query("orders") },
  return: { anyOf: READ_RETURNS, doc: query("return") },
  returnableFulfillment: { anyOf: READ_RETURNS, doc: query("returnableFulfillment") },
  returnableFulfillments: { anyOf: READ_RETURNS, doc: query("returnableFulfillments") },
  reverseFulfillmentOrder: { anyOf: READ_RETURNS, doc: query("reverseFulfillmentOrder") },
  shop: { anyOf: [], doc: query("shop") },

  // Mutations.
  carrierServiceCreate: { anyOf: ["write_shipping"], doc: mutation("carrierServiceCreate") },
  carrierServiceDelete: { anyOf: ["write_shipping"], doc: mutation("carrierServiceDelete") },
  carrierServiceUpdate: { anyOf: ["write_shipping"], doc: mutation("carrierServiceUpdate") },
  fulfillmentCreate: { anyOf: WRITE_FULFILLMENT_ORDERS, doc: mutation("fulfillmentCreate") },
  fulfillmentEventCreate: {
    anyOf: ["write_fulfillments"],
    doc: mutation("fulfillmentEventCreate"),
    also: "The user must have fulfill_and_ship_orders permission.",
  },
  fulfillmentOrderHold: { anyOf: WRITE_FULFILLMENT_ORDERS, doc: mutation("fulfillmentOrderHold") },
  fulfillmentOrderReleaseHold: {
    anyOf: WRITE_FULFILLMENT_ORDERS,
    doc: mutation("fulfillmentOrderReleaseHold"),
  },
  fulfillmentTrackingInfoUpdate: {
    anyOf: WRITE_FULFILLMENT_ORDERS,
    doc: mutation("fulfillmentTrackingInfoUpdate"),
  },
  metafieldDefinitionCreate: {
    anyOf: ["write_orders"],
    doc: mutation("metafieldDefinitionCreate"),
  },
  metafieldDefinitionUpdate: {
    anyOf: ["write_orders"],
    doc: mutation("metafieldDefinitionUpdate"),
  },
  metafieldsSet: { anyOf: ["write_orders"], doc: mutation("metafieldsSet") },
  orderCancel: {
    anyOf: ["write_orders", "write_marketplace_orders"],
    doc: mutation("orderCancel"),
    also: "The user must have cancel_orders permission.",
  },
  orderInvoiceSend: { anyOf: ["write_orders"], doc: mutation("orderInvoiceSend") },
  orderMarkAsPaid: { anyOf: ["write_orders"], doc: mutation("orderMarkAsPaid") },
  orderUpdate: { anyOf: ["write_orders"], doc: mutation("orderUpdate") },
  orderRiskAssessmentCreate: {
    anyOf: ["write_orders"],
    doc: mutation("orderRiskAssessmentCreate"),
    also: "This mutation is only accessible to apps authenticated using offline tokens.",
  },
  returnCreate: { anyOf: WRITE_RETURNS, doc: mutation("returnCreate") },
  returnProcess: { anyOf: WRITE_RETURNS, doc: mutation("returnProcess") },
  returnClose: { anyOf: WRITE_RETURNS, doc: mutation("returnClose") },
  reverseDeliveryCreateWithShipping: {
    anyOf: WRITE_RETURNS,
    doc: mutation("reverseDeliveryCreateWithShipping"),
  },
};

/** Whether a grant covers one root field's access (any one of its scopes, or none needed). */
export function grantsAccess(granted: AuthScopes, access: FieldAccess): boolean {
  return access.anyOf.length === 0 || access.anyOf.some((scope) => granted.has(scope));
}

/** The scopes of `required` that `granted` does not cover (a write scope covers its read). */
export function missingScopes(
  required: readonly string[],
  granted: string | readonly string[] | undefined,
): string[] {
  const grant = new AuthScopes(typeof granted === "string" ? granted : [...(granted ?? [])]);
  return new AuthScopes([...required]).toArray().filter((scope) => !grant.has(scope));
}

/**
 * The scopes that would let the app do what Shopify refused: for each root field Shopify answered
 * ACCESS_DENIED (the first element of the error's `path`), the first scope its entry names.
 */
export function deniedScopes(fields: readonly string[]): string[] {
  return [
    ...new Set(fields.flatMap((field) => ADMIN_FIELD_ACCESS[field]?.anyOf.slice(0, 1) ?? [])),
  ];
}
