import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from "./languages";
import { resources } from "./resources";

/**
 * An i18next instance in one language, with every text loaded already (they are bundled: the two
 * languages together are a few dozen kilobytes), so the first paint is in that language and no
 * text is ever fetched. The browser makes one at hydration; the server keeps one per language.
 */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: "translation",
    interpolation: { escapeValue: false },
    returnNull: false,
    initImmediate: false,
  });
  return instance;
}

const made = new Map<Language, i18n>();

/**
 * The process's one instance in a language: the server renders every document with it (nothing
 * ever changes its language), and loaders, actions and the worker write their words with its `t`.
 */
export function i18nIn(language: Language): i18n {
  let instance = made.get(language);
  if (!instance) {
    instance = createI18n(language);
    made.set(language, instance);
  }
  return instance;
}
