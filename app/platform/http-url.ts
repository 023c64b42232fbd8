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

/**
 * A request's path as Remix routes it: decoded and case-folded (Remix matches routes without
 * regard to case, after decoding), so that no spelling of a path (`/API/…`, `/%61pi/…`) escapes
 * a check that depends on it. Malformed escapes leave the path as it came (Remix refuses it).
 */
export function routedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Left as it came.
  }
  return decoded.toLowerCase();
}
