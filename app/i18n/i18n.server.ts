import type { TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { i18nIn } from "./instance";
import {
  FALLBACK_LANGUAGE,
  intlLocale,
  LANGUAGES,
  languageOfTag,
  type Language,
} from "./languages";

/**
 * The reader's language for a request: Shopify's `locale` parameter (the admin's language, on
 * every document the admin opens), else the request's Accept-Language (the app's own data
 * requests carry the page's language there: app/entry.client.tsx), else English.
 */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    searchParamKey: "locale",
    order: ["searchParams", "header"],
  },
});

export async function languageOf(request: Request): Promise<Language> {
  return languageOfTag(await detector.getLocale(request));
}

/** What a loader or action needs to write words: the language, its `t`, and its Intl locale. */
export interface Words {
  language: Language;
  t: TFunction;
  /** For Intl formatting: "id-ID", "en-GB". */
  locale: string;
}

export function wordsIn(language: Language): Words {
  return { language, t: i18nIn(language).t, locale: intlLocale(language) };
}

export async function wordsFor(request: Request): Promise<Words> {
  return wordsIn(await languageOf(request));
}
