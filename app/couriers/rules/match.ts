import type { CourierRule, RuleConditions } from "../../shops/courier-rules";
import type { RuleFacts } from "./facts";

/**
 * Whether an order's parcel meets a rule's conditions: every condition the rule sets holds (a
 * list: any of its entries; a range: both its ends). Cities compare without the words that name
 * their level ("Kota", "Kabupaten") or their spacing, as addresses write them differently.
 */

/** A city as compared: lower case, letters and digits, without "kota", "kabupaten", "kab.". */
export const cityKey = (city: string): string =>
  city
    .toLowerCase()
    .replace(/\b(kota administrasi|kabupaten administrasi|kota|kabupaten|kab\.?|kab)\s+/g, "")
    .replace(/[^a-z0-9]/g, "");

const within = (n: number, r: RuleConditions["grams"]) =>
  (r.min === null || n >= r.min) && (r.max === null || n <= r.max);

const anyOf = (wanted: readonly string[], have: ReadonlySet<string>) =>
  wanted.length === 0 || wanted.some((w) => have.has(w.trim().toLowerCase()));

export function ruleMatches(when: RuleConditions, facts: RuleFacts): boolean {
  if (when.provinces.length > 0 && (!facts.province || !when.provinces.includes(facts.province)))
    return false;
  if (when.cities.length > 0) {
    const city = facts.city ? cityKey(facts.city) : null;
    if (!city || !when.cities.some((c) => cityKey(c) === city)) return false;
  }
  if (when.payment !== "any" && (when.payment === "cod") !== facts.cod) return false;
  return (
    within(facts.grams, when.grams) &&
    within(facts.value, when.value) &&
    anyOf(when.productTypes, facts.productTypes) &&
    anyOf(when.tags, facts.tags)
  );
}

/** The rules whose conditions the parcel meets, in the shop's order, with their numbers (from 1). */
export function matchingRules(
  rules: readonly CourierRule[],
  facts: RuleFacts,
): { rule: CourierRule; number: number }[] {
  return rules
    .map((rule, i) => ({ rule, number: i + 1 }))
    .filter(({ rule }) => ruleMatches(rule.when, facts));
}
