/**
 * A link the app may store or render: an absolute http(s) URL, else null. Tracking links come from
 * the shipping service; a `javascript:` or `data:` one must never become a clickable link in the
 * admin or a tracking URL sent to Shopify.
 */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
}
