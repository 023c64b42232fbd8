import type { TFunction } from "i18next";
import { englishT } from "./english";
import type en from "./locales/en.json";

/**
 * A message the app stores as data, not as a sentence: its kind (a key of the `said` texts) and its
 * values, said in the reader's language when it is shown. A value is text the app did not write
 * (Shopify's or the courier's own words, a name, an amount already in words) or another message.
 * Stored beside the English sentence the app always kept (`problem`, `decision`), which a row
 * written before its kind existed has alone: it is shown as it was written.
 */
export interface Said {
  key: SaidKey;
  values?: Record<string, string | number | Said | StatusValue>;
}

/** A shipment status named in a message: said as the pages name it ("picked up"), not its code. */
export interface StatusValue {
  status: string;
}

export type SaidKey = keyof (typeof en)["said"];

export const said = (key: SaidKey, values?: Said["values"]): Said =>
  values ? { key, values } : { key };

const isSaid = (value: unknown): value is Said =>
  typeof value === "object" && value !== null && typeof (value as Said).key === "string";
const isStatus = (value: unknown): value is StatusValue =>
  typeof value === "object" && value !== null && typeof (value as StatusValue).status === "string";

/** A stored message (or several, one after the other) in a language's words. */
export function sayIn(message: Said | readonly Said[], t: TFunction): string {
  if (Array.isArray(message)) return message.map((m: Said) => sayIn(m, t)).join(" ");
  const one = message as Said;
  const values = Object.fromEntries(
    Object.entries(one.values ?? {}).map(([name, value]) => [
      name,
      isSaid(value)
        ? sayIn(value, t)
        : isStatus(value)
          ? t(`status.${value.status}` as "status.pending", {
              defaultValue: value.status,
            }).toLowerCase()
          : value,
    ]),
  );
  return t(`said.${one.key}`, values);
}

/** The English sentence kept beside a message's kind. */
export const inEnglish = (message: Said | readonly Said[]): string => sayIn(message, englishT);

/** Whether a stored JSON value is messages this app wrote (a list of kinds with their values). */
export function storedSaid(value: unknown): Said[] | null {
  return Array.isArray(value) && value.length > 0 && value.every(isSaid) ? value : null;
}

/**
 * What a stored text reads as for this reader: its messages in the reader's language when the app
 * kept their kinds, else the sentence as it was written.
 */
export function storedText(
  text: string | null | undefined,
  messages: unknown,
  t: TFunction,
): string | null {
  if (!text) return null;
  const kept = storedSaid(messages);
  return kept && saysTheSame(text, inEnglish(kept)) ? sayIn(kept, t) : text;
}

/**
 * Whether the sentence kept is the messages' own English (whole; cut with "…" as long problems
 * are; or the start of it, as a list row's preview reads it): a sentence written alone later (a
 * process of an older version, during a deploy) leaves messages that no longer say it, and the
 * sentence is what is true then.
 */
function saysTheSame(text: string, english: string): boolean {
  const kept = text.endsWith("…") ? text.slice(0, -1) : text;
  return kept.length > 0 && english.startsWith(kept);
}
