import { lanePatch } from "../couriers/lane";
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { shipments } from "../db/schema";
import { SHOP_NAME_QUERY } from "../admin-api/operations/shop";
import { adminRequest, type AdminGraphql } from "../admin-api/request";
import type { Env } from "../platform/env.server";
import { shippingAccessForShop } from "../shops/shipping-client.server";
import { getShopSettings, updateShopSettings } from "../shops/shops.server";
import type { ShopSettings } from "../shops/settings";
import { shopCourierNames } from "../shops/courier-names.server";
import { OUTBOUND_STATUSES } from "../shipments/states";
import { orderTitle } from "../shipments/status-words";
import { DEFAULT_TIME_ZONE, startOfDayIn } from "../platform/zoned-time";
import { shopTimeZone } from "../shops/time-zone.server";
import { labelSnapshot } from "./snapshot";
import { labelWords, type LabelRow, type LabelWords } from "./label-words";

/**
 * Which shipments a print takes, and what it leaves out with why. A label needs a waybill; a
 * cancelled shipment has nothing to print. Another shop's ids are simply not found.
 */
export const MAX_LABELS = 250;

const NOTHING_TO_PRINT = new Set(["cancelled", "not_required"]);

/**
 * `notPrintedToday`: every booked shipment on its way out whose label was not printed since
 * midnight in the shop's zone (`timeZone`; WIB when not given).
 */
export type LabelSelection = { ids: string[] } | { notPrintedToday: true; timeZone?: string };

/** Why a shipment was left out of a print; its words are `labels.skip.<reason>`. */
export type SkipReason = "cancelled" | "redacted" | "noWaybill" | "serviceFailed";

export interface Skipped {
  id: string;
  orderName: string;
  reason: SkipReason;
  /** The service's own words, when it failed (shown quoted). */
  detail?: string;
}

const columns = {
  id: shipments.id,
  orderId: shipments.orderId,
  orderName: shipments.orderName,
  status: shipments.status,
  waybillId: shipments.waybillId,
  courierCompany: shipments.courierCompany,
  courierType: shipments.courierType,
  shippingOrderId: shipments.shippingOrderId,
  label: shipments.label,
  contents: shipments.contents,
  shippingCharged: shipments.shippingCharged,
  labelPrintedAt: shipments.labelPrintedAt,
  redactedAt: shipments.redactedAt,
};

/** The shipments a print would take, oldest booking first, and those it would leave out. */
export async function selectForLabels(
  db: Db,
  shop: string,
  selection: LabelSelection,
  now = new Date(),
) {
  const where =
    "ids" in selection
      ? and(eq(shipments.shop, shop), inArray(shipments.id, selection.ids.slice(0, MAX_LABELS)))
      : and(
          eq(shipments.shop, shop),
          isNotNull(shipments.waybillId),
          inArray(shipments.status, OUTBOUND_STATUSES),
          or(
            isNull(shipments.labelPrintedAt),
            lt(
              shipments.labelPrintedAt,
              startOfDayIn(now, selection.timeZone ?? DEFAULT_TIME_ZONE),
            ),
          ),
        );
  const rows = await db
    .select(columns)
    .from(shipments)
    .where(where)
    .orderBy(asc(shipments.createdAt), asc(shipments.id))
    .limit(MAX_LABELS);
  const printable: typeof rows = [];
  const skipped: Skipped[] = [];
  for (const row of rows) {
    const orderName = orderTitle(row);
    if (NOTHING_TO_PRINT.has(row.status))
      skipped.push({ id: row.id, orderName, reason: "cancelled" });
    else if (row.redactedAt) skipped.push({ id: row.id, orderName, reason: "redacted" });
    else if (!row.waybillId) skipped.push({ id: row.id, orderName, reason: "noWaybill" });
    else printable.push(row);
  }
  // Ids asked for that are not this shop's (or no longer exist) are left out without a word
  // about them: nothing tells one shop what another has.
  return { rows: printable, skipped };
}

export interface PrintDeps {
  db: Db;
  env: Env;
  graphql: AdminGraphql;
  fetch?: typeof fetch;
}

/** The shop's name for labels: the merchant's own words, else Shopify's, kept after the first read. */
async function shopName(
  deps: PrintDeps,
  shop: string,
  settings: Pick<ShopSettings, "labelShopName">,
): Promise<string> {
  if (settings.labelShopName) return settings.labelShopName;
  try {
    const answer = await adminRequest(deps.graphql, shop, SHOP_NAME_QUERY, {});
    const name = answer.shop.name.trim().slice(0, 80);
    if (name) {
      await updateShopSettings(deps.db, shop, { labelShopName: name });
      return name;
    }
  } catch {
    // Shopify unreachable: the shop's handle prints this time, and Shopify is asked again next time.
  }
  return shop.replace(/\.myshopify\.com$/, "");
}

/**
 * The labels of a print, marked printed. A shipment booked before labels were kept has its label
 * facts read once from the service's order and saved; one the service cannot tell about now is
 * left out with why.
 */
export async function printLabels(
  deps: PrintDeps,
  shop: string,
  selection: LabelSelection,
  now = new Date(),
): Promise<{ labels: LabelWords[]; skipped: Skipped[] }> {
  const { rows, skipped } = await selectForLabels(deps.db, shop, selection, now);
  const ready: (LabelRow & { label: NonNullable<LabelRow["label"]> })[] = [];
  let access: Awaited<ReturnType<typeof shippingAccessForShop>> | null = null;
  for (const row of rows) {
    if (row.label) {
      ready.push({ ...row, label: row.label });
      continue;
    }
    const orderName = orderTitle(row);
    try {
      if (!row.shippingOrderId) throw new Error("no order at the service");
      access ??= await shippingAccessForShop(deps.db, deps.env, shop, { fetch: deps.fetch });
      const label = labelSnapshot(await access.client.getOrder(row.shippingOrderId), null);
      await deps.db
        .update(shipments)
        .set({ label, ...lanePatch(label) })
        .where(and(eq(shipments.shop, shop), eq(shipments.id, row.id)));
      ready.push({ ...row, label });
    } catch (error) {
      skipped.push({
        id: row.id,
        orderName,
        reason: "serviceFailed",
        detail: (error as Error).message,
      });
    }
  }
  if (ready.length > 0)
    await markPrinted(
      deps.db,
      shop,
      ready.map((r) => r.id),
      now,
    );
  if (ready.length === 0) return { labels: [], skipped };
  const settings = await getShopSettings(deps.db, shop);
  const [name, couriers, timeZone] = await Promise.all([
    shopName(deps, shop, settings),
    shopCourierNames(shop),
    shopTimeZone(deps, shop),
  ]);
  const show = { shippingCost: settings.labelShippingCost, maskPhone: settings.labelMaskPhone };
  return {
    labels: ready.map((row) => labelWords(row, name, couriers, timeZone, show)),
    skipped,
  };
}

/**
 * One statement: the shipments marked printed, and a line on each one's timeline once per print:
 * not again when the same label is fetched again within REPRINT_MINUTES (a reload, the PDF
 * viewer asking twice).
 */
async function markPrinted(db: Db, shop: string, ids: string[], at: Date): Promise<void> {
  await db.execute(sql`
    with marked as (
      update ${shipments} s set label_printed_at = ${at.toISOString()}::timestamptz
      from (
        select id, label_printed_at as previous from ${shipments}
        where shop = ${shop} and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      ) p
      where s.id = p.id
      returning s.id, s.shop, p.previous
    )
    insert into shipment_events (shipment_id, shop, actor, type)
    select id, shop, 'merchant', 'label_printed' from marked
    where previous is null
      or previous < ${at.toISOString()}::timestamptz - make_interval(mins => ${REPRINT_MINUTES})`);
}

/** Fetching the same label again within this is the same print (one timeline line). */
export const REPRINT_MINUTES = 10;
