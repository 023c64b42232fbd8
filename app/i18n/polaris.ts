import polarisEn from "@shopify/polaris/locales/en.json" with { type: "json" };
import polarisId from "./locales/polaris-id.json" with { type: "json" };
import type { Language } from "./languages";

/**
 * Polaris's own strings (pagination, table selection, filters, modals). Polaris ships no
 * Indonesian: app/i18n/locales/polaris-id.json supplies it over the English, key by key.
 */
export function polarisTranslations(language: Language): typeof polarisEn {
  return language === "id" ? POLARIS_ID : polarisEn;
}

type Tree = { [key: string]: string | Tree };

function mergeDeep<T extends Tree>(base: T, over: Tree): T {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] =
      typeof value === "object" && typeof under === "object" ? mergeDeep(under, value) : value;
  }
  return out as T;
}

/** Merged once, when first imported: every page of the process hands Polaris the same texts. */
const POLARIS_ID = mergeDeep(polarisEn, polarisId);
