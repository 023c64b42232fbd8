import { z } from "zod";
import {
  courierRuleSchema,
  MAX_COURIER_RULES,
  RULE_ACTIONS,
  RULE_PAYMENTS,
  type CourierRule,
} from "../../shops/courier-rules";
import { provinceByCode, provinceCode } from "../../shipping/provinces";

/**
 * A courier rule as the rules page edits it: every field as the merchant types it (provinces by
 * name, separated by commas; weight in kilograms with a comma or a point; rupiah with or without
 * dots), and the rule it becomes, or what is wrong with each field in words (its text's key).
 */
export interface RuleDraft {
  name: string;
  provinces: string;
  cities: string;
  payment: (typeof RULE_PAYMENTS)[number];
  kgMin: string;
  kgMax: string;
  valueMin: string;
  valueMax: string;
  productTypes: string;
  tags: string;
  action: (typeof RULE_ACTIONS)[number];
  /** "company/type" of the service a `service` rule names. */
  service: string;
  minRate: string;
}

export type DraftField = keyof RuleDraft;

/** A field's fault: its rule (from 1), the field, the text's key and its values. */
export interface DraftError {
  number: number;
  field: DraftField;
  key:
    | "nameMissing"
    | "notKilograms"
    | "notRupiah"
    | "notPercent"
    | "unknownProvince"
    | "serviceMissing"
    | "tooLong";
  values?: Record<string, string>;
}

export const emptyDraft = (): RuleDraft => ({
  name: "",
  provinces: "",
  cities: "",
  payment: "any",
  kgMin: "",
  kgMax: "",
  valueMin: "",
  valueMax: "",
  productTypes: "",
  tags: "",
  action: "service",
  service: "",
  minRate: "80",
});

const list = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const decimal = (n: number, locale: string) =>
  locale.startsWith("id") ? String(n).replace(".", ",") : String(n);

/** The page's fields for a saved rule. */
export function draftOf(rule: CourierRule, locale: string): RuleDraft {
  const { when, then } = rule;
  const kg = (g: number | null) => (g === null ? "" : decimal(g / 1000, locale));
  const rp = (v: number | null) => (v === null ? "" : String(v));
  return {
    name: rule.name,
    provinces: when.provinces.map((c) => provinceByCode(c)?.name ?? c).join(", "),
    cities: when.cities.join(", "),
    payment: when.payment,
    kgMin: kg(when.grams.min),
    kgMax: kg(when.grams.max),
    valueMin: rp(when.value.min),
    valueMax: rp(when.value.max),
    productTypes: when.productTypes.join(", "),
    tags: when.tags.join(", "),
    action: then.kind,
    service: then.kind === "service" ? `${then.company}/${then.type}` : "",
    minRate: then.kind === "best" ? String(then.minRate) : "80",
  };
}

const draftSchema = z.object({
  name: z.string().default(""),
  provinces: z.string().default(""),
  cities: z.string().default(""),
  payment: z.enum(RULE_PAYMENTS).catch("any"),
  kgMin: z.string().default(""),
  kgMax: z.string().default(""),
  valueMin: z.string().default(""),
  valueMax: z.string().default(""),
  productTypes: z.string().default(""),
  tags: z.string().default(""),
  action: z.enum(RULE_ACTIONS).catch("service"),
  service: z.string().default(""),
  minRate: z.string().default(""),
});

/** The page's field of a stored rule's part. */
const FIELD_OF: Record<string, DraftField> = {
  name: "name",
  provinces: "provinces",
  cities: "cities",
  productTypes: "productTypes",
  tags: "tags",
};

/** The drafts a form sent (a JSON list), at most the rules a shop may have; null when not a list. */
export function draftsOf(json: string): RuleDraft[] | null {
  try {
    const parsed = z.array(draftSchema).max(MAX_COURIER_RULES).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The drafts as rules, or every field's fault. */
export function rulesOfDrafts(
  drafts: readonly RuleDraft[],
): { rules: CourierRule[]; errors: [] } | { rules: null; errors: DraftError[] } {
  const errors: DraftError[] = [];
  const rules = drafts.map((d, i) => {
    const number = i + 1;
    const fault = (field: DraftField, key: DraftError["key"], values?: Record<string, string>) =>
      errors.push({ number, field, key, ...(values ? { values } : {}) });
    const grams = (field: "kgMin" | "kgMax") => {
      const text = d[field].trim();
      if (!text) return null;
      if (!/^\d+([.,]\d+)?$/.test(text)) return (fault(field, "notKilograms"), null);
      return Math.round(Number(text.replace(",", ".")) * 1000);
    };
    const rupiah = (field: "valueMin" | "valueMax") => {
      const text = d[field].replace(/^\s*rp\.?\s*/i, "").replace(/[.,\s]/g, "");
      if (!text) return null;
      if (!/^\d{1,12}$/.test(text)) return (fault(field, "notRupiah"), null);
      return Number(text);
    };
    const provinces = list(d.provinces).flatMap((name) => {
      const code = provinceCode(name) ?? provinceByCode(name)?.code;
      if (!code) fault("provinces", "unknownProvince", { name });
      return code ? [code] : [];
    });
    if (!d.name.trim()) fault("name", "nameMissing");
    const [company, type] = d.service.split("/");
    let then: CourierRule["then"] = { kind: "hold" };
    if (d.action === "service") {
      if (!company || !type) fault("service", "serviceMissing");
      then = { kind: "service", company: company ?? "", type: type ?? "" };
    } else if (d.action === "best") {
      const rate = d.minRate.replace("%", "").trim();
      if (!/^\d{1,3}$/.test(rate) || Number(rate) > 100) fault("minRate", "notPercent");
      then = { kind: "best", minRate: Math.min(100, Number(rate) || 0) };
    } else then = { kind: d.action };
    return {
      name: d.name.trim() || `${number}`,
      when: {
        provinces: [...new Set(provinces)],
        cities: list(d.cities),
        payment: d.payment,
        grams: { min: grams("kgMin"), max: grams("kgMax") },
        value: { min: rupiah("valueMin"), max: rupiah("valueMax") },
        productTypes: list(d.productTypes),
        tags: list(d.tags),
      },
      then,
    };
  });
  // What the fields' own checks let through and the stored shape still refuses: a text too long,
  // too many entries in a list.
  const parsed = rules.map((rule, i) => {
    const result = courierRuleSchema.safeParse(rule);
    if (!result.success) {
      const path = result.error.issues[0]?.path ?? [];
      const field = (path[0] === "when" ? path[1] : path[0]) as string;
      errors.push({ number: i + 1, field: FIELD_OF[field] ?? "name", key: "tooLong" });
    }
    return result.data;
  });
  if (errors.length > 0) return { rules: null, errors };
  return { rules: parsed as CourierRule[], errors: [] };
}
