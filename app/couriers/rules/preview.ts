import type { CourierSource } from "../../orders/map-types";
import type { CourierRule } from "../../shops/courier-rules";
import type { LaneFigures } from "../figures";
import type { RuleFacts } from "./facts";
import { matchingRules } from "./match";
import { pickOffer, type Offer } from "./pick";

/**
 * What a shop's courier rules would pick for its recent orders (the rules page's preview), as they
 * pick at draft time (worker/shared/courier-rules.ts) but without asking the service's rates for
 * fifty parcels: a rule for the cheapest or the fastest says so rather than naming a service, and
 * best record reads every service the shop's record has to the province.
 */

export interface PreviewOrder {
  name: string;
  facts: RuleFacts;
  /** The courier without rules: the checkout's, the shop's default, or none. */
  courier: CourierSource;
}

export type PreviewOutcome =
  | { by: "checkout"; company: string; type: string }
  | { by: "default"; company: string; type: string }
  | { by: "none" }
  | { by: "rule"; number: number; rule: string; action: "service"; company: string; type: string }
  | { by: "rule"; number: number; rule: string; action: "cheapest" | "fastest" | "hold" }
  | {
      by: "rule";
      number: number;
      rule: string;
      action: "best";
      company: string;
      type: string;
      rate: number;
      of: number;
    };

export interface RulesPreview {
  rows: { order: PreviewOrder; outcome: PreviewOutcome }[];
  /** Orders each rule decides, by its number (from 1). */
  used: number[];
  /** Orders each rule's conditions take, whether or not it decides them. */
  matched: number[];
}

/** The shop's record to a province by `courier/service` (read beforehand, one read per province). */
export type RecordsByProvince = (province: string | null) => ReadonlyMap<string, LaneFigures>;

export function previewRules(
  rules: readonly CourierRule[],
  orders: readonly PreviewOrder[],
  records: RecordsByProvince,
): RulesPreview {
  const used = rules.map(() => 0);
  const matched = rules.map(() => 0);
  const rows = orders.map((order) => {
    const outcome = outcomeOf(rules, order, records, used, matched);
    return { order, outcome };
  });
  return { rows, used, matched };
}

function outcomeOf(
  rules: readonly CourierRule[],
  order: PreviewOrder,
  records: RecordsByProvince,
  used: number[],
  matched: number[],
): PreviewOutcome {
  const { courier } = order;
  if (courier.from === "checkout" || courier.from === "merchant")
    return { by: "checkout", company: courier.company, type: courier.type };
  let decided: PreviewOutcome | null = null;
  for (const { rule, number } of matchingRules(rules, order.facts)) {
    matched[number - 1]! += 1;
    if (decided) continue;
    const base = { by: "rule", number, rule: rule.name } as const;
    const { then } = rule;
    if (then.kind === "service")
      decided = { ...base, action: "service", company: then.company, type: then.type };
    else if (then.kind === "best") {
      const known = records(order.facts.province);
      const offers: Offer[] = [...known.values()].map((f) => ({
        company: f.courier,
        type: f.service,
        price: f.averagePrice ?? 0,
        range: null,
        unit: "days",
        hours: null,
      }));
      const pick = pickOffer(then, offers, known);
      if (pick?.kind === "best")
        decided = {
          ...base,
          action: "best",
          company: pick.offer.company,
          type: pick.offer.type,
          rate: pick.rate,
          of: pick.of,
        };
    } else decided = { ...base, action: then.kind };
    if (decided) used[number - 1]! += 1;
  }
  if (decided) return decided;
  return courier.from === "default"
    ? { by: "default", company: courier.company, type: courier.type }
    : { by: "none" };
}
