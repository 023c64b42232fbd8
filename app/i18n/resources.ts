import en from "./locales/en.json" with { type: "json" };
import id from "./locales/id.json" with { type: "json" };

/**
 * Every text the admin shows, in each language: one namespace (`translation`), keys grouped by
 * page. English is the reference: app/i18n/texts.test.ts holds Indonesian to the same keys.
 * (Imported with the JSON attribute: the worker runs on plain Node, which requires it.)
 */
export const resources = {
  en: { translation: en },
  id: { translation: id },
} as const;
