/**
 * Shopify's input limit (shopify.dev, "Shopify API limits": input limits): "Input arguments that
 * accept an array have a maximum size of 250 for all APIs. Requests return an error if an input
 * array exceeds 250 items." The fake Admin API answers such a request as Shopify does, before
 * anything runs.
 */
export const MAX_INPUT_ARRAY = 250;

/** Shopify's answer to variables with a list longer than 250, or null when every list fits. */
export function inputTooLargeAnswer(variables: Record<string, unknown>): unknown {
  const found = longList(variables, []);
  if (!found) return null;
  return {
    errors: [
      {
        message: `The input array size of ${found.size} is greater than the maximum allowed of ${MAX_INPUT_ARRAY}.`,
        path: found.path,
        extensions: { code: "MAX_INPUT_SIZE_EXCEEDED" },
      },
    ],
  };
}

function longList(value: unknown, path: string[]): { size: number; path: string[] } | null {
  if (Array.isArray(value)) {
    if (value.length > MAX_INPUT_ARRAY) return { size: value.length, path };
    for (const [i, item] of value.entries()) {
      const found = longList(item, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      const found = longList(item, [...path, key]);
      if (found) return found;
    }
  return null;
}
