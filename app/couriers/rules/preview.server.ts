import type { AdminGraphql } from "../../admin-api/request";
import type { Db } from "../../db/client.server";
import { mapOrderToDraft } from "../../orders/map";
import type { ProductInfo } from "../../orders/map-types";
import { recentOrders } from "../../orders/order-store.server";
import { readProductFacts } from "../../orders/product-facts";
import type { CourierNames } from "../../shipments/courier-names";
import { provinceByCode } from "../../shipping/provinces";
import type { CourierRule } from "../../shops/courier-rules";
import type { ShopSettings } from "../../shops/settings";
import type { LaneFigures } from "../figures";
import { provinceRecords } from "../record.server";
import { ruleFactsOf } from "./facts";
import { previewRules, type PreviewOrder, type RulesPreview } from "./preview";

/** How many of the shop's latest orders the preview reads. */
export const PREVIEW_ORDERS = 50;

export interface RulesPreviewRead extends RulesPreview {
  /** Orders read that ship nothing or cannot be drafted as they are (left out). */
  skipped: number;
  /** False when the rules read product types or tags and Shopify could not be asked for them. */
  productsRead: boolean;
}

/**
 * The preview of `rules` on the shop's latest orders, read as drafting reads them: each order's
 * newest copy (one statement), mapped to its draft with the shop's settings; the products' types
 * and tags from Shopify only when a rule reads them (one Admin API call for up to 250 products);
 * the shop's record per destination province only when a rule asks for the best record.
 */
export async function readRulesPreview(
  deps: { db: Db; graphql: AdminGraphql },
  shop: string,
  settings: ShopSettings,
  rules: readonly CourierRule[],
  names: CourierNames,
): Promise<RulesPreviewRead> {
  const orders = await recentOrders(deps.db, shop, PREVIEW_ORDERS);
  const wantsProducts = rules.some((r) => r.when.productTypes.length > 0 || r.when.tags.length > 0);
  let products = new Map<string, ProductInfo>();
  let productsRead = true;
  if (wantsProducts) {
    const ids = orders.flatMap((o) =>
      o.line_items.flatMap((l) => (l.product_id == null ? [] : [String(l.product_id)])),
    );
    products = await readProductFacts(deps.graphql, shop, ids).catch(() => {
      productsRead = false;
      return new Map<string, ProductInfo>();
    });
  }
  const couriers = [...names.services].map(([key, n]) => {
    const [company, type] = key.split("/");
    return {
      courier_code: company!,
      courier_name: n.company,
      courier_service_code: type!,
      courier_service_name: n.service,
    };
  });
  const read: PreviewOrder[] = [];
  for (const order of orders) {
    const mapped = mapOrderToDraft({
      shop,
      order,
      settings,
      products,
      couriers: couriers.length > 0 ? couriers : null,
    });
    if (!mapped.request) continue;
    read.push({
      name: order.name ?? `#${order.id}`,
      facts: ruleFactsOf(order, mapped.request, products),
      courier: mapped.courier,
    });
  }
  const records = new Map<string | null, ReadonlyMap<string, LaneFigures>>();
  if (rules.some((r) => r.then.kind === "best"))
    for (const code of new Set(read.map((o) => o.facts.province)))
      records.set(code, await provinceRecords(deps.db, shop, provinceByCode(code)?.name ?? null));
  const preview = previewRules(rules, read, (code) => records.get(code) ?? new Map());
  return { ...preview, skipped: orders.length - read.length, productsRead };
}
