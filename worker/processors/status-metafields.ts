import { eq } from "drizzle-orm";
import { shops } from "#app/db/schema.ts";
import {
  METAFIELD_DEFINITION_CREATE,
  METAFIELD_DEFINITION_QUERY,
  METAFIELD_DEFINITION_UPDATE,
  METAFIELDS_SET,
  STATUS_DEFINITIONS,
  STATUS_DEFINITIONS_VERSION,
  STATUS_NAMESPACE,
  definitionCreateVariables,
  definitionQueryVariables,
  definitionUpdateVariables,
  parseDefinition,
  parseDefinitionCreate,
  parseDefinitionUpdate,
  parseMetafieldsSet,
  statusMetafields,
  type StatusDefinition,
} from "#app/orders/status-metafields.ts";
import { currentShipments } from "#app/shipments/shipments.server.ts";
import type { ShopifyOrderDeps } from "./shopify-connection.ts";

/**
 * The order's status metafields in Shopify (app/orders/status-metafields.ts): their definitions
 * made once per shop (and again when their version rises), then both values written from the
 * order's current shipments.
 */

/** How often one job writes again when the order's shipments changed while it wrote. */
const MAX_WRITES = 3;

/**
 * Writes the order's two status metafields from its shipments as the database has them. Several
 * shipments of one order may change at once (two warehouses' parcels); each job reads the
 * shipments again after writing and writes once more if they moved on, so the last write is never
 * an older state.
 */
export async function writeStatusMetafields(deps: ShopifyOrderDeps, shop: string, orderId: string): Promise<string> {
  await ensureStatusDefinitions(deps, shop);
  let written: string | null = null;
  for (let round = 0; round < MAX_WRITES; round++) {
    const metafields = statusMetafields(orderId, await currentShipments(deps.db, shop, orderId));
    if (metafields.length === 0) return "no shipment";
    const values = JSON.stringify(metafields.map((m) => m.value));
    if (values === written) break;
    const refused = parseMetafieldsSet(await deps.graphql(shop, METAFIELDS_SET, { metafields }));
    if (refused) throw new Error(`Shopify refused the order's status metafields (${STATUS_NAMESPACE}.status, ${STATUS_NAMESPACE}.shipments): ${refused}`);
    written = values;
  }
  return "synced";
}

/**
 * The shop's definitions, made or updated once per STATUS_DEFINITIONS_VERSION. The first writes of
 * a shop often run at once (two parcels booked together): the shop's row is locked while its
 * definitions are made, so one job makes them and the others find the version stored.
 */
export async function ensureStatusDefinitions(deps: ShopifyOrderDeps, shop: string): Promise<void> {
  const current = async (db: Pick<ShopifyOrderDeps["db"], "select">, lock: boolean) => {
    const query = db.select({ version: shops.statusDefinitionsVersion }).from(shops).where(eq(shops.shop, shop));
    const [row] = lock ? await query.for("update") : await query;
    return row?.version ?? null;
  };
  const seen = await current(deps.db, false);
  if (seen === null || seen >= STATUS_DEFINITIONS_VERSION) return;
  await deps.db.transaction(async (tx) => {
    const version = await current(tx, true);
    if (version === null || version >= STATUS_DEFINITIONS_VERSION) return;
    for (const definition of STATUS_DEFINITIONS) await ensureDefinition(deps, shop, definition);
    await tx.update(shops).set({ statusDefinitionsVersion: STATUS_DEFINITIONS_VERSION }).where(eq(shops.shop, shop));
  });
}

async function ensureDefinition(deps: ShopifyOrderDeps, shop: string, definition: StatusDefinition): Promise<void> {
  const name = `${STATUS_NAMESPACE}.${definition.key}`;
  const existing = parseDefinition(await deps.graphql(shop, METAFIELD_DEFINITION_QUERY, definitionQueryVariables(definition.key)));
  if (existing && existing.type !== definition.type) {
    // Made by someone else with another type: Shopify would refuse every value of ours.
    throw new Error(
      `This shop defines the order metafield ${name} as ${existing.type}; ParcelBridge writes ${definition.type} there. Delete that definition (Settings → Custom data → Orders) so the order's shipping status can be written.`,
    );
  }
  let result = existing ? await update(deps, shop, definition) : await create(deps, shop, definition, definition.pin);
  if ("refused" in result && !existing) {
    // Made meanwhile by another of this shop's jobs: it is updated like one found.
    if (result.codes.includes("TAKEN")) result = await update(deps, shop, definition);
    // The shop pinned as many order metafields as Shopify allows: the definition is made unpinned.
    else if (result.codes.includes("PINNED_LIMIT_REACHED")) result = await create(deps, shop, definition, false);
  }
  if ("refused" in result) throw new Error(`Shopify refused the definition of the order metafield ${name}: ${result.refused}`);
}

const create = async (deps: ShopifyOrderDeps, shop: string, definition: StatusDefinition, pin: boolean) =>
  parseDefinitionCreate(await deps.graphql(shop, METAFIELD_DEFINITION_CREATE, definitionCreateVariables(definition, pin)));

const update = async (deps: ShopifyOrderDeps, shop: string, definition: StatusDefinition) =>
  parseDefinitionUpdate(await deps.graphql(shop, METAFIELD_DEFINITION_UPDATE, definitionUpdateVariables(definition)));
