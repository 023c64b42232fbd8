import type { Item, ItemCategory } from "../shipping/contract";
import type { ShopSettings } from "../shops/settings";
import { categoryFromTaxonomy } from "./categories";
import type { ContentLine, MappingInput, MappingProblem, ProductInfo } from "./map-types";
import { shopMoney, type ShopifyLineItem, type ShopifyOrder } from "./payload";
import { haveNoWeight, nameList, namesSaid, noWeightSaid } from "./problem-words";
import { said } from "../i18n/said";

/**
 * The order's lines as a draft's items: the units that ship (after removals, refunds and, for a
 * draft, fulfillments), their value after discounts, weight and category; and the units ordered,
 * for telling later what an edit changed. A weightless line is a problem (blocking when nothing of
 * the order weighs anything).
 */

/** IDR has no minor unit in practice: values are whole rupiah. */
export const rupiah = (value: number) => Math.round(value);

/** Units refunded per line item id, over the order's refunds. */
export function refundedUnits(order: ShopifyOrder): Map<string, number> {
  const refunded = new Map<string, number>();
  for (const refund of order.refunds ?? []) {
    for (const r of refund.refund_line_items)
      refunded.set(r.line_item_id, (refunded.get(r.line_item_id) ?? 0) + r.quantity);
  }
  return refunded;
}

/** Units of the line the order still has: after removals and refunds (`refunded`: refundedUnits). */
export function orderedQuantity(
  line: ShopifyLineItem,
  refunded: ReadonlyMap<string, number>,
): number {
  // current_quantity already excludes removed and refunded units; older payloads need the refunds.
  return line.current_quantity ?? Math.max(0, line.quantity - (refunded.get(line.id) ?? 0));
}

/** Units of the line that ship: what the order still has and (for a draft) not yet fulfilled. */
export function shippableQuantity(
  line: ShopifyLineItem,
  refunded: ReadonlyMap<string, number>,
  stage: "draft" | "booked",
): number {
  const ordered = orderedQuantity(line, refunded);
  if (
    stage === "booked" ||
    line.fulfillable_quantity === null ||
    line.fulfillable_quantity === undefined
  )
    return ordered;
  return Math.min(ordered, line.fulfillable_quantity);
}

/** The unit price after the line's discounts (its own and its share of the order's), shop currency. */
export function discountedUnitPrice(line: ShopifyLineItem): number {
  const unit = shopMoney(line.price_set, line.price) ?? 0;
  const allocations = line.discount_allocations ?? [];
  const discount =
    allocations.length > 0
      ? allocations.reduce((sum, a) => sum + (shopMoney(a.amount_set, a.amount) ?? 0), 0)
      : (shopMoney(line.total_discount_set, line.total_discount) ?? 0);
  if (line.quantity <= 0) return unit;
  return Math.max(0, (unit * line.quantity - discount) / line.quantity);
}

export function categoryFor(
  info: ProductInfo | undefined,
  mapping: ShopSettings["categoryMapping"],
): ItemCategory {
  const lookup = (value: string) =>
    mapping[value.trim().toLowerCase()] ??
    Object.entries(mapping).find(
      ([k]) => k.trim().toLowerCase() === value.trim().toLowerCase(),
    )?.[1];
  // The shop's own mapping first (it knows its products), then Shopify's taxonomy.
  if (info?.productType) {
    const byType = lookup(info.productType);
    if (byType) return byType;
  }
  for (const tag of info?.tags ?? []) {
    const byTag = lookup(tag);
    if (byTag) return byTag;
  }
  return categoryFromTaxonomy(info?.taxonomy) ?? "others";
}

/** The draft's items and the units ordered, with the weight problems they raise. */
export function mapLines(input: MappingInput): {
  items: Item[];
  ordered: ContentLine[];
  problems: MappingProblem[];
} {
  const { order, settings } = input;
  const stage = input.stage ?? "draft";
  const refunded = refundedUnits(order);
  const problems: MappingProblem[] = [];
  const items: Item[] = [];
  const ordered: ContentLine[] = [];
  const weightless: string[] = [];
  for (const line of order.line_items) {
    if (line.requires_shipping === false || line.gift_card === true) continue;
    const name =
      (line.name ?? [line.title, line.variant_title].filter(Boolean).join(" - ")) ||
      `Item ${line.id}`;
    const orderedUnits = orderedQuantity(line, refunded);
    if (orderedUnits > 0)
      ordered.push({
        name,
        sku: line.sku ?? null,
        quantity: orderedUnits,
        value: rupiah(discountedUnitPrice(line)),
      });
    const quantity = shippableQuantity(line, refunded, stage);
    if (quantity <= 0) continue;
    let weight = line.grams ?? 0;
    if (!(weight > 0)) {
      if (settings.defaultWeightGrams) weight = settings.defaultWeightGrams;
      else weightless.push(name);
    }
    const info = line.product_id ? input.products?.get(line.product_id) : undefined;
    const item: Item = {
      name,
      sku: line.sku ?? undefined,
      value: rupiah(discountedUnitPrice(line)),
      quantity,
      weight,
      category: categoryFor(info, settings.categoryMapping),
    };
    const size = line.variant_id ? input.dimensions?.get(line.variant_id) : undefined;
    if (size) Object.assign(item, size);
    items.push(item);
  }
  if (weightless.length > 0) {
    if (weightless.length === items.length) {
      problems.push({
        code: "zero_weight",
        message: `No item of the order has a weight (${nameList(weightless)})`,
        said: said("zeroWeight", { items: namesSaid(weightless) }),
        fix: "Set the variants' weights in Shopify, or a default weight in the app's settings, then retry",
        blocking: true,
      });
    } else {
      // An add-on without weight (a protection plan, a gift wrap) rides with goods that weigh something.
      for (const item of items) if (!(item.weight > 0)) item.weight = 1;
      problems.push({
        code: "weightless_line",
        message: `${haveNoWeight(weightless)} and went as 1 g with the rest of the parcel`,
        said: said("weightlessLine", { what: noWeightSaid(weightless) }),
        fix: "Set a weight in Shopify, or a default weight in the app's settings, if it is a physical item",
        blocking: false,
      });
    }
  }
  return { items, ordered, problems };
}

/** What the customer still owes on the order, in the shop's currency. */
export function outstandingOf(order: ShopifyOrder): number {
  return (
    order.total_outstanding ??
    shopMoney(order.current_total_price_set, null) ??
    shopMoney(order.total_price_set, order.total_price) ??
    0
  );
}
