/**
 * Shopify's ids exceed 2^53 (its own orders/create sample has id 820982911946154508), and
 * JSON.parse turns such a number into the nearest double (…500): a different order. Two remedies,
 * used together:
 *  - `parseExactJson` keeps every integer that a double cannot hold exactly as its source text
 *    (JSON.parse's reviver receives the source of each number since Node 22);
 *  - `restoreIds` takes an object's id from its `admin_graphql_api_id` ("gid://shopify/Order/…"),
 *    which Shopify always sends as a string, for payloads already parsed elsewhere (stored JSON,
 *    the documented samples).
 */

type Reviver = (
  this: unknown,
  key: string,
  value: unknown,
  context?: { source?: string },
) => unknown;

const keepUnsafeIntegers: Reviver = (_key, value, context) => {
  if (
    typeof value === "number" &&
    Number.isInteger(value) &&
    !Number.isSafeInteger(value) &&
    context?.source &&
    /^-?\d+$/.test(context.source)
  ) {
    return context.source;
  }
  return value;
};

/**
 * A run of 16 digits. Without one, every integer in a text has at most 15 digits, below 2^53, and
 * JSON.parse alone is exact: a store's real order ids have 13. The reviver, called for every value
 * of a payload, costs several times the parse itself, and the webhook intake parses every order.
 */
const SIXTEEN_DIGITS = /\d{16}/;

/** JSON.parse that keeps integers above 2^53 exact (as strings). */
export function parseExactJson(text: string): unknown {
  if (!SIXTEEN_DIGITS.test(text)) return JSON.parse(text);
  return JSON.parse(
    text,
    keepUnsafeIntegers as (this: unknown, key: string, value: unknown) => unknown,
  );
}

const GID = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)(?:\?.*)?$/;

/** The numeric id of a Shopify gid ("gid://shopify/Order/123" → "123"), or null. */
export function idOfGid(gid: unknown): string | null {
  if (typeof gid !== "string") return null;
  return GID.exec(gid)?.[1] ?? null;
}

/**
 * A copy of `value` in which every object that carries `admin_graphql_api_id` has its `id` taken
 * from it (as text). Objects without one keep their id.
 */
export function restoreIds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(restoreIds) as T;
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = restoreIds(v);
  const exact = idOfGid(out.admin_graphql_api_id);
  if (exact && "id" in out) out.id = exact;
  return out as T;
}
