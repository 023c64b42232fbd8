import { shopifyAdminGraphql } from "../../admin-api/gateway.server";
import { checkRules } from "../../couriers/rules/check";
import { readRulesPreview } from "../../couriers/rules/preview.server";
import { keptPreview } from "../../couriers/rules/preview-cache.server";
import { findingWords, previewWords } from "../../couriers/rules/rule-words";
import { db } from "../../db/index.server";
import type { CourierNames } from "../../shipments/courier-names";
import { serviceName } from "../../shipments/courier-names";
import type { Speech } from "../../shipments/status-words";
import type { CourierRule } from "../../shops/courier-rules";
import type { ShopSettings } from "../../shops/settings";

type PageSpeech = Pick<Speech, "t" | "locale"> & { couriers: CourierNames };

/**
 * The services the shop's shipping service offers, as `company/type` keys; null when its couriers
 * list could not be read (services are then not checked, and the page offers what rules name).
 */
const offeredServices = (names: CourierNames): ReadonlySet<string> | null =>
  names.services.size > 0 ? new Set(names.services.keys()) : null;

/** The service choice: every offered service by its name, and any a saved rule names besides. */
export function serviceOptions(names: CourierNames, rules: readonly CourierRule[]) {
  const keys = new Set(names.services.keys());
  for (const r of rules)
    if (r.then.kind === "service") keys.add(`${r.then.company}/${r.then.type}`);
  return [...keys]
    .map((key) => {
      const [company = "", type = ""] = key.split("/");
      return { value: key, label: serviceName(names, company, type) };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * What the rules page shows of `rules`: refusals, warnings and the preview on the latest orders.
 * `fresh`: the preview read now (the merchant asked for it); else the one a page load read in the
 * last minute, if any (../../couriers/rules/preview-cache.server.ts).
 */
export async function rulesReport(
  shop: string,
  settings: ShopSettings,
  rules: readonly CourierRule[],
  speech: PageSpeech,
  { fresh }: { fresh: boolean },
) {
  const findings = checkRules(rules, offeredServices(speech.couriers));
  const read = () =>
    readRulesPreview({ db, graphql: shopifyAdminGraphql }, shop, settings, rules, speech.couriers);
  const preview = await (fresh
    ? read()
    : keptPreview(shop, rules, settings, speech.couriers, read));
  const words = previewWords(preview, rules, speech);
  return {
    refusals: findings.filter((f) => f.refuses).map((f) => findingWords(f, speech)),
    warnings: [
      ...findings.filter((f) => !f.refuses).map((f) => findingWords(f, speech)),
      ...words.neverMatched,
    ],
    preview: words,
  };
}
