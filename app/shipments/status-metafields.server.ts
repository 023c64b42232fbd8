import {
  METAFIELDS_SET,
  METAFIELD_DEFINITION_CREATE,
  METAFIELD_DEFINITION_QUERY,
  METAFIELD_DEFINITION_UPDATE,
} from "../admin-api/operations/metafields";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { shops, type Shipment } from "../db/schema";
import {
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
} from "./status-metafields";
import type { AdminGraphql } from "../admin-api/request";
import type { Db } from "../db/client.server";
import { currentShipments } from "./shipments.server";

/** What writing to Shopify needs (the worker's Shopify jobs hand theirs). */
export interface ShopifyWriteDeps {
  db: Db;
  adminGraphql: AdminGraphql;
}

/**
 * The order's status metafields in Shopify (app/shipments/status-metafields.ts): their definitions
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
export async function writeStatusMetafields(
  deps: ShopifyWriteDeps,
  shop: string,
  orderId: string,
  /**
   * The order's current shipments as the caller has just seen them (its own change included): the
   * first write is made from them without reading. Should another shipment have moved on since,
   * the read after the write sees it and writes again, as for any concurrent change.
   */
  known?: readonly Shipment[],
): Promise<string> {
  await ensureStatusDefinitions(deps, shop);
  let written: string | null = null;
  for (let round = 0; round < MAX_WRITES; round++) {
    const shipments = round === 0 && known ? known : await currentShipments(deps.db, shop, orderId);
    const metafields = statusMetafields(orderId, shipments);
    if (metafields.length === 0) return "no shipment";
    const values = JSON.stringify(metafields.map((m) => m.value));
    if (values === written) break;
    const refused = parseMetafieldsSet(
      await deps.adminGraphql(shop, METAFIELDS_SET, { metafields }),
    );
    if (refused)
      throw new Error(
        `Shopify refused the order's status metafields (${STATUS_NAMESPACE}.status, ${STATUS_NAMESPACE}.shipments): ${refused}`,
      );
    written = values;
  }
  return "synced";
}

/** Shops whose definitions this process has seen at STATUS_DEFINITIONS_VERSION. */
const definedShops = new Set<string>();

/**
 * The shop's definitions, made or updated once per STATUS_DEFINITIONS_VERSION. The first writes of
 * a shop often run at once (two parcels booked together): one job takes a lease on the making (one
 * conditional UPDATE, so no transaction stays open across the Admin API calls: on the embedded
 * database an open transaction holds the only session), makes them and stores the version; the
 * others write their values meanwhile (a value needs no definition; the definition then applies
 * to it). A lease whose job died runs out, and the next write makes them.
 */
export async function ensureStatusDefinitions(deps: ShopifyWriteDeps, shop: string): Promise<void> {
  // The version only grows: a shop seen up to date is not read again by this process.
  if (definedShops.has(shop)) return;
  const [seen] = await deps.db
    .select({ version: shops.statusDefinitionsVersion })
    .from(shops)
    .where(eq(shops.shop, shop));
  if (seen && seen.version >= STATUS_DEFINITIONS_VERSION) definedShops.add(shop);
  if (!seen || seen.version >= STATUS_DEFINITIONS_VERSION) return;
  const leased = await deps.db
    .update(shops)
    .set({
      statusDefinitionsLeaseUntil: sql`now() + make_interval(secs => ${DEFINITIONS_LEASE_SECONDS})`,
    })
    .where(
      and(
        eq(shops.shop, shop),
        lt(shops.statusDefinitionsVersion, STATUS_DEFINITIONS_VERSION),
        or(
          isNull(shops.statusDefinitionsLeaseUntil),
          lt(shops.statusDefinitionsLeaseUntil, sql`now()`),
        ),
      ),
    )
    .returning({ shop: shops.shop });
  if (leased.length === 0) return;
  try {
    for (const definition of STATUS_DEFINITIONS) await ensureDefinition(deps, shop, definition);
    await deps.db
      .update(shops)
      .set({
        statusDefinitionsVersion: STATUS_DEFINITIONS_VERSION,
        statusDefinitionsLeaseUntil: null,
      })
      .where(eq(shops.shop, shop));
  } catch (error) {
    // The next write tries again at once rather than after the lease.
    await deps.db
      .update(shops)
      .set({ statusDefinitionsLeaseUntil: null })
      .where(eq(shops.shop, shop));
    throw error;
  }
}

/** Longer than making two definitions takes, even throttled; a lease outliving its job delays the next maker by this much. */
const DEFINITIONS_LEASE_SECONDS = 60;

async function ensureDefinition(
  deps: ShopifyWriteDeps,
  shop: string,
  definition: StatusDefinition,
): Promise<void> {
  const name = `${STATUS_NAMESPACE}.${definition.key}`;
  const existing = parseDefinition(
    await deps.adminGraphql(
      shop,
      METAFIELD_DEFINITION_QUERY,
      definitionQueryVariables(definition.key),
    ),
  );
  if (existing && existing.type !== definition.type) {
    // Made by someone else with another type: Shopify would refuse every value of ours.
    throw new Error(
      `This shop defines the order metafield ${name} as ${existing.type}; ParcelBridge writes ${definition.type} there. Delete that definition (Settings → Custom data → Orders) so the order's shipping status can be written.`,
    );
  }
  let result = existing
    ? await update(deps, shop, definition)
    : await create(deps, shop, definition, definition.pin);
  if ("refused" in result && !existing) {
    // Made meanwhile by another of this shop's jobs: it is updated like one found.
    if (result.codes.includes("TAKEN")) result = await update(deps, shop, definition);
    // The shop pinned as many order metafields as Shopify allows: the definition is made unpinned.
    else if (result.codes.includes("PINNED_LIMIT_REACHED"))
      result = await create(deps, shop, definition, false);
  }
  if ("refused" in result)
    throw new Error(
      `Shopify refused the definition of the order metafield ${name}: ${result.refused}`,
    );
}

const create = async (
  deps: ShopifyWriteDeps,
  shop: string,
  definition: StatusDefinition,
  pin: boolean,
) =>
  parseDefinitionCreate(
    await deps.adminGraphql(
      shop,
      METAFIELD_DEFINITION_CREATE,
      definitionCreateVariables(definition, pin),
    ),
  );

const update = async (deps: ShopifyWriteDeps, shop: string, definition: StatusDefinition) =>
  parseDefinitionUpdate(
    await deps.adminGraphql(
      shop,
      METAFIELD_DEFINITION_UPDATE,
      definitionUpdateVariables(definition),
    ),
  );
