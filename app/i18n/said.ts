import type { TFunction } from "i18next";
import { englishT } from "./english";
import { formatMoney } from "../platform/intl-format";
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
  values?: Record<string, SaidValue>;
}

export type SaidValue = string | number | Said | StatusValue | CourierValue | MoneyValue;

/** A shipment status named in a message: said as the pages name it ("picked up"), not its code. */
export interface StatusValue {
  status: string;
}

/** A courier (and its service) by its codes: said by the name the shipping service gives it. */
export interface CourierValue {
  courier: string;
  service?: string | null;
}

/** An amount of money: said in the reader's locale. */
export interface MoneyValue {
  amount: number;
  currency: string;
}

/** An amount in rupiah, as a message's value. */
export const rupiah = (amount: number): MoneyValue => ({ amount, currency: "IDR" });

/** How a reader's page says the values that are not words: couriers by name, money in its locale. */
export interface ValueWords {
  courier(value: CourierValue): string;
  money(value: MoneyValue): string;
}

/**
 * Values as the English sentence kept beside a message says them: couriers by their codes, money
 * as an English page in Indonesia writes it ("Rp34.000").
 */
export const PLAIN_VALUES: ValueWords = {
  courier: (v) => [v.courier, v.service].filter(Boolean).join(" ").toUpperCase(),
  money: (v) => formatMoney(v.amount, v.currency, "en-ID") ?? String(v.amount),
};

export type SaidKey = keyof (typeof en)["said"];

export const said = (key: SaidKey, values?: Said["values"]): Said =>
  values ? { key, values } : { key };

const isSaid = (value: unknown): value is Said =>
  typeof value === "object" && value !== null && typeof (value as Said).key === "string";
const isStatus = (value: unknown): value is StatusValue =>
  typeof value === "object" && value !== null && typeof (value as StatusValue).status === "string";
const isCourier = (value: unknown): value is CourierValue =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as CourierValue).courier === "string";
const isMoney = (value: unknown): value is MoneyValue =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as MoneyValue).amount === "number" &&
  typeof (value as MoneyValue).currency === "string";

/** A stored message (or several, one after the other) in a language's words. */
export function sayIn(
  message: Said | readonly Said[],
  t: TFunction,
  words: ValueWords = PLAIN_VALUES,
): string {
  if (Array.isArray(message)) return message.map((m: Said) => sayIn(m, t, words)).join(" ");
  const one = message as Said;
  const values = Object.fromEntries(
    Object.entries(one.values ?? {}).map(([name, value]) => [name, valueIn(value, t, words)]),
  );
  return t(`said.${one.key}`, values);
}

function valueIn(value: SaidValue, t: TFunction, words: ValueWords): string | number {
  if (isSaid(value)) return sayIn(value, t, words);
  if (isStatus(value))
    return t(`status.${value.status}` as "status.pending", {
      defaultValue: value.status,
    }).toLowerCase();
  if (isCourier(value)) return words.courier(value);
  if (isMoney(value)) return words.money(value);
  return value as string | number;
}

/** The English sentence kept beside a message's kind. */
export const inEnglish = (message: Said | readonly Said[]): string => sayIn(message, englishT);

/** Several messages as one value, one after the other ("a; b; c"). */
export const joinedSaid = (messages: readonly Said[]): Said =>
  messages.length === 0
    ? said("verbatim", { text: "" })
    : messages.reduce((first, rest) => said("semicolonPair", { first, rest }));

/** One message or several, as they are stored (a list). */
export const saidList = (message: Said | readonly Said[]): Said[] =>
  Array.isArray(message) ? [...(message as Said[])] : [message as Said];

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
  words?: ValueWords,
  omit?: SaidKey,
): string | null {
  if (!text) return null;
  const kept = storedSaid(messages);
  if (!kept || !saysTheSame(text, inEnglish(kept))) return text;
  if (!omit) return sayIn(kept, t, words);
  // What the page says elsewhere is left out of the messages (null when nothing else is left);
  // each message keeps its own joining (the list's sentences one after another).
  const left = kept.flatMap((message) => {
    const parts = saidParts(message).filter((m) => m.key !== omit);
    return parts.length > 0 ? [joinedSaid(parts)] : [];
  });
  return left.length > 0 ? sayIn(left, t, words) : null;
}

/** A message's parts: messages joined into one (joinedSaid) come apart again. */
export function saidParts(message: Said): Said[] {
  const { first, rest } = message.values ?? {};
  return message.key === "semicolonPair" && isSaid(first) && isSaid(rest)
    ? [...saidParts(first), ...saidParts(rest)]
    : [message];
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
