import type { MetaFunction } from "@remix-run/node";
import type { TFunction } from "i18next";
import { i18nIn } from "./instance";
import { languageOfTag } from "./languages";

/** The app's name after each page's own, in the browser's tab and history ("Pengaturan · ParcelBridge"). */
export const APP_NAME = "ParcelBridge";

/**
 * A route's `meta`: the document's title in the reader's language (the root loader's), from the
 * route's own data where the title names something ("Pengiriman #1001"). Every page has one (screen
 * readers announce it first; axe-core's `document-title`).
 */
export function pageTitle<Data = unknown>(
  title: (t: TFunction, data: Data | undefined) => string,
): MetaFunction {
  return ({ matches, data }) => {
    const root = matches.find((m) => m.id === "root")?.data as { language?: string } | undefined;
    const { t } = i18nIn(languageOfTag(root?.language));
    return [{ title: `${title(t, data as Data | undefined)} · ${APP_NAME}` }];
  };
}
