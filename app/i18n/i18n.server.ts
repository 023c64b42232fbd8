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

/**
 * How much of Accept-Language is read: a browser sends a few tags (well under 100 characters);
 * a 16 KB header parsed whole cost every anonymous request tens of milliseconds.
 */
export const ACCEPT_LANGUAGE_READ = 256;

/** The languages already found, per request: the root loader, entry.server and a page ask alike. */
const found = new WeakMap<Request, Promise<Language>>();

export function languageOf(request: Request): Promise<Language> {
  let language = found.get(request);
  if (!language) {
    language = detect(request);
    found.set(request, language);
  }
  return language;
}

async function detect(request: Request): Promise<Language> {
  const header = request.headers.get("accept-language");
  if (!header || header.length <= ACCEPT_LANGUAGE_READ)
    return languageOfTag(await detector.getLocale(request));
  // Cut at the last whole tag within the first characters; the parameter still comes first.
  const cut = header.slice(0, ACCEPT_LANGUAGE_READ);
  const read = cut.includes(",") ? cut.slice(0, cut.lastIndexOf(",")) : "";
  const headers = new Headers(read ? { "accept-language": read } : {});
  return languageOfTag(await detector.getLocale(new Request(request.url, { headers })));
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
