import en from "./locales/en.json";
import id from "./locales/id.json";
import polarisEn from "@shopify/polaris/locales/en.json";
import polarisId from "./locales/polaris-id.json";
import type { Language } from "./languages";

/**
 * Every text the admin shows, in each language: one namespace (`translation`), keys grouped by
 * page. English is the reference: `test` holds Indonesian to the same keys (app/i18n/keys.test.ts).
 */
export const resources = {
  en: { translation: en },
  id: { translation: id },
} as const;

/**
 * Polaris's own strings (pagination, table selection, filters, modals). Polaris ships no
 * Indonesian: app/i18n/locales/polaris-id.json supplies it over the English, key by key.
 */
export function polarisTranslations(language: Language): typeof polarisEn {
  return language === "id" ? mergeDeep(polarisEn, polarisId) : polarisEn;
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
