import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { carryLanguage } from "./i18n/carry-language";
import { createI18n } from "./i18n/instance";
import { languageOfTag } from "./i18n/languages";

// The page's language is the one the server rendered it in (<html lang>, from Shopify's `locale`);
// the app's own data requests carry it, so what loaders and actions write is in it too.
const language = languageOfTag(document.documentElement.lang);
carryLanguage(window, language);
const i18n = createI18n(language);

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18n}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  );
});
