/** A tree of texts as the locale files hold them. */
export type Texts = { [key: string]: string | Texts };

/** Every key of a tree of texts, dotted ("list.tabs.all"), with its text. */
export const flatTexts = (texts: Texts, prefix = ""): [string, string][] =>
  Object.entries(texts).flatMap(([k, v]) =>
    typeof v === "string"
      ? [[`${prefix}${k}`, v] as [string, string]]
      : flatTexts(v, `${prefix}${k}.`),
  );
