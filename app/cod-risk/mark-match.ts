import { BUYER_MARKS, type BuyerMark } from "./hold";

/**
 * Which of the merchant's marks on buyers counts for an order. A mark is kept with the keys of the
 * shipment it was given from (phone, e-mail, Shopify customer id), and an order is found by any of
 * them; but a key is easily borrowed (anyone may type another buyer's e-mail at checkout), so:
 *  - "held" on any key holds: a warning is never lost by a key the buyer changed;
 *  - "trusted" counts only on the Shopify customer id (an account, not a typed value), or when
 *    every key the order carries is the marked buyer's: a trust found on one key never overrides
 *    a risk, nor a hold found on another key.
 * Plain code, no I/O: the assessment (./history.server.ts) and the shipment page
 * (./marks.server.ts) read the marks, this decides.
 */

/** The keys a buyer is known by, as the page names them. */
export const MARK_KEYS = ["customer", "phone", "email"] as const;
export type MarkKey = (typeof MARK_KEYS)[number];

/** A mark as kept (table cod_buyer_marks): the e-mail lower-cased, the phone normalised. */
export interface KeptMark {
  mark: BuyerMark;
  phone: string | null;
  email: string | null;
  customerId: string | null;
}

/** The order's keys: the same normalisation as the marks'. */
export interface OrderKeys {
  phone: string | null;
  email: string | null;
  customerId: string | null;
}

/** The mark that counts for the order, and the keys by which it matched. */
export interface MarkMatch {
  mark: BuyerMark;
  keys: MarkKey[];
}

const same = (a: string | null, b: string | null) => a !== null && a === b;

/** The keys of the order that a kept mark shares. */
export function sharedKeys(order: OrderKeys, kept: KeptMark): MarkKey[] {
  return MARK_KEYS.filter((key) =>
    key === "customer"
      ? same(order.customerId, kept.customerId)
      : key === "phone"
        ? same(order.phone, kept.phone)
        : same(order.email, kept.email),
  );
}

/** The order's keys that it carries at all. */
const carried = (order: OrderKeys): MarkKey[] =>
  MARK_KEYS.filter((key) => (key === "customer" ? order.customerId !== null : order[key] !== null));

/** The mark that counts for the order among those found by any of its keys (newest first). */
export function markThatCounts(order: OrderKeys, found: readonly KeptMark[]): MarkMatch | null {
  const matched = found
    .map((kept) => ({ mark: kept.mark, keys: sharedKeys(order, kept) }))
    .filter((m) => m.keys.length > 0);
  const held = matched.find((m) => m.mark === "held");
  if (held) return held;
  const keys = carried(order);
  return (
    matched.find(
      (m) =>
        m.mark === "trusted" &&
        (m.keys.includes("customer") || keys.every((key) => m.keys.includes(key))),
    ) ?? null
  );
}

/** How many marks an order's keys may find: a buyer is marked once per key at most (newest kept). */
export const MARKS_READ = 20;

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** Marks as a statement returns them (JSON rows); a row with an unknown mark is left out. */
export function keptMarks(value: unknown): KeptMark[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((row: Record<string, unknown>) =>
    (BUYER_MARKS as readonly unknown[]).includes(row?.mark)
      ? [
          {
            mark: row.mark as BuyerMark,
            phone: text(row.phone),
            email: text(row.email),
            customerId: text(row.customerId),
          },
        ]
      : [],
  );
}
