/**
 * Whether an answer has the shape of a documented example: every key the example has, with the
 * same JSON type, recursively. The example's `null` says nothing about a type (the documentation
 * says every field is nullable) and matches anything; its objects and arrays must be objects and
 * arrays (not null); its strings, numbers and booleans must be the same type (a number must not
 * come as a string, nor as null). Arrays compare their first elements when both have one. Keys
 * the answer has beyond the example's are allowed: the examples differ from page to page.
 */
export function shapeDifferences(expected: unknown, actual: unknown, at = "$"): string[] {
  if (expected === null) return [];
  const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  if (kind(expected) !== kind(actual))
    return [`${at}: ${kind(expected)} expected, got ${kind(actual)} (${JSON.stringify(actual)})`];
  if (Array.isArray(expected)) {
    const list = actual as unknown[];
    return expected.length > 0 && list.length > 0
      ? shapeDifferences(expected[0], list[0], `${at}[0]`)
      : [];
  }
  if (typeof expected === "object") {
    const record = actual as Record<string, unknown>;
    return Object.entries(expected as Record<string, unknown>).flatMap(([key, value]) =>
      key in record
        ? shapeDifferences(value, record[key], `${at}.${key}`)
        : [`${at}.${key}: missing`],
    );
  }
  return [];
}
