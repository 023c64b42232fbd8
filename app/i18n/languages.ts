/**
 * The languages the admin speaks: Bahasa Indonesia and English. The Shopify admin's language picks
 * one (Shopify's `locale` parameter, else the browser's languages); any other language reads English.
 */
export const LANGUAGES = ["id", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";

/**
 * The locale numbers, money and dates are formatted in, for each language: English as written in
 * Indonesia ("Rp757.000", "27 Nov 2026, 17.23"), so amounts read the same in either language.
 */
const INTL_LOCALES: Record<Language, string> = { id: "id-ID", en: "en-ID" };

export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);

/** "id-ID", "id", "ID" → "id"; "en-US" → "en"; anything else (or nothing) → English. */
export function languageOfTag(tag: string | null | undefined): Language {
  const base = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(base) ? base : FALLBACK_LANGUAGE;
}

export const intlLocale = (language: Language): string => INTL_LOCALES[language];
