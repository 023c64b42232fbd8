/** A tree of texts as the locale files hold them. */
export type Texts = { [key: string]: string | Texts };

/** Every key of a tree of texts, dotted ("list.tabs.all"), with its text. */
export const flatTexts = (texts: Texts, prefix = ""): [string, string][] =>
  Object.entries(texts).flatMap(([k, v]) =>
    typeof v === "string"
      ? [[`${prefix}${k}`, v] as [string, string]]
      : flatTexts(v, `${prefix}${k}.`),
  );

/**
 * The words a stored message quotes as they came (Shopify's and the courier's own, names,
 * references): its values that are text, in messages inside it too.
 */
export function quotedValues(messages: unknown): string[] {
  if (Array.isArray(messages)) return messages.flatMap(quotedValues);
  if (typeof messages !== "object" || messages === null) return [];
  const values = (messages as { values?: Record<string, unknown> }).values ?? {};
  return Object.values(values).flatMap((v) =>
    typeof v === "string" ? [v] : typeof v === "object" && v && "key" in v ? quotedValues(v) : [],
  );
}
