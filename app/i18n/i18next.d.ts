import type en from "./locales/en.json";

// Keys are checked against the English texts: `t("list.tabs.all")` fails typecheck if it is missing.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
    returnNull: false;
  }
}
