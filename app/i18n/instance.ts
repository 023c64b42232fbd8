import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from "./languages";
import { resources } from "./resources";

/**
 * An i18next instance in one language, with every text loaded already (they are bundled: the two
 * languages together are a few dozen kilobytes), so the first paint is in that language and no
 * text is ever fetched. The server makes one per document; the browser one at hydration.
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
