import { formatMoney, formatPercent, formatWeight } from "../../platform/intl-format";
import type { CourierNames } from "../../shipments/courier-names";
import { serviceName } from "../../shipments/courier-names";
import type { Speech } from "../../shipments/status-words";
import { provinceByCode } from "../../shipping/provinces";
import type { CourierRule } from "../../shops/courier-rules";
import type { RuleFinding } from "./check";
import type { DraftError } from "./form";
import type { PreviewOutcome } from "./preview";
import type { RulesPreviewRead } from "./preview.server";

/** The rules page's findings, faults and preview in the reader's words (services by their names). */

type RuleSpeech = Pick<Speech, "t" | "locale"> & { couriers: CourierNames };

/** A finding on the rules, one sentence; refusals apart from warnings. */
export function findingWords(f: RuleFinding, { t, couriers }: RuleSpeech): string {
  const values = { number: f.number, other: f.other ?? "" };
  switch (f.kind) {
    case "unknownService": {
      const [company = "", type = ""] = (f.detail ?? "").split(" ");
      return t("courierRules.findings.unknownService", {
        ...values,
        service: serviceName(couriers, company, type),
      });
    }
    case "emptyRange":
      return t(
        f.detail === "value"
          ? "courierRules.findings.emptyRange.value"
          : "courierRules.findings.emptyRange.grams",
        values,
      );
    case "unknownProvince":
      return t("courierRules.findings.unknownProvince", { ...values, detail: f.detail ?? "" });
    case "sameName":
      return t("courierRules.findings.sameName", values);
    case "shadowed":
      return t("courierRules.findings.shadowed", values);
  }
}

/** Each field's fault by `rule number/field`, in words. */
export function draftErrorWords(
  errors: readonly DraftError[],
  { t }: Pick<Speech, "t">,
): Record<string, string> {
  return Object.fromEntries(
    errors.map((e) => [
      `${e.number}/${e.field}`,
      // Only unknownProvince has a value (the name written); the others ignore it.
      t(`courierRules.errors.${e.key}` as "courierRules.errors.unknownProvince", {
        name: e.values?.name ?? "",
      }),
    ]),
  );
}

function outcomeWords(o: PreviewOutcome, { t, locale, couriers }: RuleSpeech): string {
  if (o.by === "none") return t("courierRules.outcome.none");
  const service = "company" in o ? serviceName(couriers, o.company, o.type) : "";
  if (o.by === "checkout") return t("courierRules.outcome.checkout", { service });
  if (o.by === "default") return t("courierRules.outcome.default", { service });
  const rule = { number: o.number, rule: o.rule };
  if (o.action === "service") return t("courierRules.outcome.service", { ...rule, service });
  if (o.action === "best")
    return t("courierRules.outcome.best", {
      ...rule,
      service,
      rate: formatPercent(o.rate, locale),
      count: o.of,
    });
  return t(`courierRules.outcome.${o.action}`, rule);
}

/** The preview as the page shows it: what each rule picks for, warnings, each order's line. */
export function previewWords(
  preview: RulesPreviewRead,
  rules: readonly CourierRule[],
  speech: RuleSpeech,
) {
  const { t, locale } = speech;
  const orders = preview.rows.length;
  return {
    orders,
    skipped: preview.skipped,
    productsRead: preview.productsRead,
    used: rules.map((rule, i) =>
      t("courierRules.used", { number: i + 1, rule: rule.name, count: preview.used[i] ?? 0 }),
    ),
    neverMatched:
      orders === 0
        ? []
        : rules.flatMap((_, i) =>
            (preview.matched[i] ?? 0) === 0
              ? [t("courierRules.findings.neverMatched", { number: i + 1, count: orders })]
              : [],
          ),
    rows: preview.rows.map(({ order, outcome }, i) => ({
      key: `${i}-${order.name}`,
      order: order.name,
      destination:
        [order.facts.city, provinceByCode(order.facts.province)?.name].filter(Boolean).join(", ") ||
        "",
      payment: order.facts.cod ? t("courierRules.cod") : t("courierRules.prepaid"),
      parcel: `${formatWeight(order.facts.grams, locale)} · ${formatMoney(order.facts.value, "IDR", locale) ?? ""}`,
      courier: outcomeWords(outcome, speech),
      byRule: outcome.by === "rule",
    })),
  };
}

export type PreviewWords = ReturnType<typeof previewWords>;
