/**
 * The checkout's courier: which of the service's courier services a store order's shipping line
 * names. Shopify stores what the checkout showed (`code`, `title`): the merchant's own rate names
 * ("JNE REG"), or a rates app's ("JNE - Ongkos Kirim Ekonomis", "JNE City Courier - Yakin Esok
 * Sampai"), or our own rates at checkout ("jne:reg"). Matching is against the service's couriers
 * list (GET /v1/couriers: courier and service codes and names), so a match is always a service
 * the service offers: a guessed courier never makes it refuse the draft. A line that names no
 * offered service, or two of them, matches nothing.
 */
import { said, type Said } from "../i18n/said";

export interface CourierListEntry {
  courier_code: string;
  courier_name: string;
  courier_service_code: string;
  courier_service_name: string;
}

export interface CourierMatch {
  company: string;
  type: string;
  /** What matched, for the timeline (code "JNE REG"). */
  via: Said;
}

/** Words that rates apps put around courier and service names and that name neither. */
const FILLER = new Set([
  "express",
  "city",
  "courier",
  "kurir",
  "layanan",
  "service",
  "services",
  "paket",
  "package",
  "pengiriman",
  "shipping",
  "ongkir",
  "via",
  "by",
  "dengan",
  "and",
  "n",
  "the",
  "cargo",
]);

/** Other names couriers go by in checkouts. */
const ALIASES: Record<string, string> = {
  gosend: "gojek",
  grabexpress: "grab",
  jt: "jnt",
  jntexpress: "jnt",
  ninjavan: "ninja",
  posindonesia: "pos",
  lionparcel: "lion",
  sapx: "sap",
};

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/&/g, "n")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Levenshtein distance ≤ 1 (one letter added, dropped or changed): "regular" ~ "reguler". */
function near(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** Which couriers (codes) a text names, and the tokens that named them. */
function couriersNamed(
  words: string[],
  list: readonly CourierListEntry[],
): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (code: string, used: string[]) => {
    const set = found.get(code) ?? new Set<string>();
    for (const u of used) set.add(u);
    found.set(code, set);
  };
  const codes = new Map<string, CourierListEntry>();
  for (const entry of list) codes.set(entry.courier_code.toLowerCase(), entry);
  for (const [code, entry] of codes) {
    const nameWords = tokens(entry.courier_name);
    const joined = nameWords.join("");
    for (let start = 0; start < words.length; start++) {
      const word = words[start]!;
      if (word === code || word === joined || ALIASES[word] === code) add(code, [word]);
      // A courier name written in several words ("ninja xpress", "pos indonesia").
      if (nameWords.length > 1 && words.slice(start, start + nameWords.length).join("") === joined)
        add(code, words.slice(start, start + nameWords.length));
      // Two words that alias a courier ("grab express", "lion parcel").
      const pair = words.slice(start, start + 2).join("");
      if (ALIASES[pair] === code) add(code, words.slice(start, start + 2));
    }
  }
  return found;
}

function matchText(
  text: string,
  list: readonly CourierListEntry[],
): { company: string; type: string } | null | "ambiguous" {
  const words = tokens(text);
  if (words.length === 0) return null;
  const named = couriersNamed(words, list);
  if (named.size !== 1) return named.size > 1 ? "ambiguous" : null;
  const [[company, used]] = [...named.entries()] as [[string, Set<string>]];
  const rest = words.filter((w) => !used.has(w) && !FILLER.has(w));
  const services = list.filter((e) => e.courier_code.toLowerCase() === company);
  if (rest.length === 0) {
    // "J&T Express": the courier alone names a service only when it offers exactly one.
    const distinct = new Set(services.map((s) => s.courier_service_code.toLowerCase()));
    return distinct.size === 1 ? { company, type: [...distinct][0]! } : null;
  }
  let best: { type: string; score: number } | null = null;
  let tie = false;
  for (const service of services) {
    const code = service.courier_service_code.toLowerCase();
    const codeWords = tokens(code);
    const nameWords = tokens(service.courier_service_name).filter(
      (w) => !FILLER.has(w) && !used.has(w),
    );
    let score = 0;
    if (codeWords.length > 0 && codeWords.every((w) => rest.includes(w)))
      score = codeWords.length === rest.length ? 4 : 3;
    if (nameWords.length > 0 && nameWords.every((w) => rest.some((r) => near(r, w))))
      score = Math.max(
        score,
        nameWords.length === rest.length ? 4 : 2 + nameWords.length / (rest.length + 1),
      );
    if (score === 0) continue;
    if (!best || score > best.score) {
      best = { type: code, score };
      tie = false;
    } else if (score === best.score && best.type !== code) tie = true;
  }
  if (!best || tie) return best ? "ambiguous" : null;
  return { company, type: best.type };
}

/** The courier service a shipping line names, or null. */
export function matchShippingLine(
  line: { code: string | null; title: string | null } | null | undefined,
  list: readonly CourierListEntry[],
): CourierMatch | null {
  if (!line || list.length === 0) return null;
  // Our rates at checkout answer service codes "company:type": exact, nothing to guess.
  const exact = /^\s*([a-z0-9_]+)\s*[:/]\s*([a-z0-9_]+)\s*$/i.exec(line.code ?? "");
  if (exact) {
    const [company, type] = [exact[1]!.toLowerCase(), exact[2]!.toLowerCase()];
    if (
      list.some(
        (e) =>
          e.courier_code.toLowerCase() === company && e.courier_service_code.toLowerCase() === type,
      )
    )
      return { company, type, via: said("viaServiceCode", { code: line.code ?? "" }) };
  }
  for (const [field, value] of [
    ["code", line.code],
    ["title", line.title],
  ] as const) {
    if (!value) continue;
    const found = matchText(value, list);
    if (found && found !== "ambiguous")
      return { ...found, via: said(field === "code" ? "viaCode" : "viaTitle", { value }) };
  }
  return null;
}

/** The display form of a courier service ("JNE REG"). */
export function courierLabel(company: string, type: string): string {
  return `${company.toUpperCase()} ${type.toUpperCase().replace(/_/g, " ")}`;
}
