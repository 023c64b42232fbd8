import type { CourierRule, RuleConditions } from "../../shops/courier-rules";
import { provinceByCode } from "../../shipping/provinces";
import { cityKey } from "./match";

/**
 * What is wrong with a shop's courier rules before they are saved. Refused: a service the shipping
 * service does not offer, a condition no order can meet (a range whose least is above its most, a
 * province that is not one), two rules of one name (the timeline names the rule that chose).
 * Warned: a rule an earlier one always takes first, so it never picks anything.
 */

export type RuleFindingKind =
  "unknownService" | "emptyRange" | "unknownProvince" | "sameName" | "shadowed";

export interface RuleFinding {
  kind: RuleFindingKind;
  /** The rule's number (from 1). */
  number: number;
  /** The other rule it concerns (the earlier one of the same name, the one that shadows it). */
  other?: number;
  /** Which range is empty ("grams", "value"), or which province code is unknown. */
  detail?: string;
  /** Whether saving is refused (else the merchant is warned). */
  refuses: boolean;
}

/**
 * Actions that always pick a service (or hold) once their rule's conditions hold. "Best record"
 * may find none at its minimum and hand the order to the next rule; cheapest and fastest find none
 * only when the service offers nothing for the parcel, when no later rule's service would go either.
 */
const DECIDES = new Set(["service", "hold", "cheapest", "fastest"]);

const subset = (inner: readonly string[], outer: readonly string[], key = (s: string) => s) => {
  const keys = new Set(outer.map(key));
  return inner.every((s) => keys.has(key(s)));
};

/** A list condition of `a` takes every parcel `b`'s does (empty: any parcel). */
const listCovers = (a: readonly string[], b: readonly string[], key?: (s: string) => string) =>
  a.length === 0 || (b.length > 0 && subset(b, a, key));

const rangeCovers = (a: RuleConditions["grams"], b: RuleConditions["grams"]) =>
  (a.min === null || (b.min !== null && b.min >= a.min)) &&
  (a.max === null || (b.max !== null && b.max <= a.max));

const lower = (s: string) => s.trim().toLowerCase();

/** Every parcel that meets `b`'s conditions meets `a`'s. */
export function covers(a: RuleConditions, b: RuleConditions): boolean {
  return (
    listCovers(a.provinces, b.provinces) &&
    listCovers(a.cities, b.cities, cityKey) &&
    (a.payment === "any" || a.payment === b.payment) &&
    rangeCovers(a.grams, b.grams) &&
    rangeCovers(a.value, b.value) &&
    listCovers(a.productTypes, b.productTypes, lower) &&
    listCovers(a.tags, b.tags, lower)
  );
}

/**
 * The findings on `rules`; `offered` is the shipping service's couriers list as `company/type`
 * keys (null when it could not be read: services are then not checked).
 */
export function checkRules(
  rules: readonly CourierRule[],
  offered: ReadonlySet<string> | null,
): RuleFinding[] {
  const findings: RuleFinding[] = [];
  rules.forEach((rule, i) => {
    const number = i + 1;
    const { when, then } = rule;
    if (then.kind === "service" && offered && !offered.has(`${then.company}/${then.type}`))
      findings.push({
        kind: "unknownService",
        number,
        detail: `${then.company} ${then.type}`,
        refuses: true,
      });
    for (const field of ["grams", "value"] as const) {
      const r = when[field];
      if (r.min !== null && r.max !== null && r.min > r.max)
        findings.push({ kind: "emptyRange", number, detail: field, refuses: true });
    }
    for (const code of when.provinces)
      if (!provinceByCode(code))
        findings.push({ kind: "unknownProvince", number, detail: code, refuses: true });
    const namesake = rules.findIndex((r) => lower(r.name) === lower(rule.name));
    if (namesake < i)
      findings.push({ kind: "sameName", number, other: namesake + 1, refuses: true });
    const shadow = rules
      .slice(0, i)
      .findIndex((earlier) => DECIDES.has(earlier.then.kind) && covers(earlier.when, when));
    if (shadow >= 0) findings.push({ kind: "shadowed", number, other: shadow + 1, refuses: false });
  });
  return findings;
}
