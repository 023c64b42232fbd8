import { said, type Said } from "../i18n/said";
/**
 * Problems in words a merchant reads, bounded: an order with 10,000 weightless lines is told as
 * "10,000 items have no weight: "A", "B", "C", "D", "E" and 9,995 more", never as one name per line.
 */

/** Longest problem text stored on a shipment (the whole text is on the shipment's page). */
export const MAX_PROBLEM_CHARS = 1_000;
/** How much of a problem a list row carries. */
export const PROBLEM_PREVIEW_CHARS = 240;

const count = (n: number) => n.toLocaleString("en-US");

/** `"A", "B" and 3 more`: the first `shown` names quoted, then how many others. */
export function nameList(names: readonly string[], shown = 5): string {
  const quoted = names.slice(0, shown).map((n) => `"${n.length > 60 ? `${n.slice(0, 59)}…` : n}"`);
  if (names.length <= shown)
    return quoted.length > 1
      ? `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`
      : (quoted[0] ?? "");
  return `${quoted.join(", ")} and ${count(names.length - shown)} more`;
}

/** The same list as a message (said in the reader's language: "dan 3 lainnya"). */
export function namesSaid(names: readonly string[], shown = 5): Said {
  const quoted = names.slice(0, shown).map((n) => `"${n.length > 60 ? `${n.slice(0, 59)}…` : n}"`);
  if (names.length > shown)
    return said("namesMore", { names: quoted.join(", "), more: names.length - shown });
  if (quoted.length > 1)
    return said("namesAnd", { first: quoted.slice(0, -1).join(", "), last: quoted.at(-1)! });
  return said("namesOne", { name: quoted[0] ?? "" });
}

/** `haveNoWeight` as a message. */
export function noWeightSaid(names: readonly string[]): Said {
  if (names.length === 1) return said("noWeightOne", { names: namesSaid(names) });
  if (names.length <= 3) return said("noWeightFew", { names: namesSaid(names) });
  return said("noWeightMany", { count: names.length, names: namesSaid(names) });
}

/** `"A" has no weight`, `"A" and "B" have no weight`, or past three `600 items have no weight ("A", … and 595 more)`. */
export function haveNoWeight(names: readonly string[]): string {
  if (names.length <= 3)
    return `${nameList(names)} ${names.length === 1 ? "has" : "have"} no weight`;
  return `${count(names.length)} items have no weight (${nameList(names)})`;
}

/** Cuts a text to `max` characters, ending with an ellipsis when cut. */
export function bounded(text: string, max = MAX_PROBLEM_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
