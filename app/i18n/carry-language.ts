import type { Language } from "./languages";

/**
 * Make every request the page sends to its own origin say the page's language in its
 * Accept-Language header (Remix's loader and action requests, and the admin's own fetches): Shopify
 * passes the admin's language (`locale`) only on the document it opens, so without this a
 * revalidation would be answered in the browser's language instead. App Bridge wraps `fetch` the
 * same way to add the session token; the two wrappers compose.
 */
export function carryLanguage(target: Pick<Window, "fetch" | "location">, language: Language) {
  const original = target.fetch.bind(target);
  target.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (new URL(href, target.location.href).origin !== target.location.origin)
      return original(input, init);
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : {}));
    headers.set("accept-language", language);
    return original(input, { ...init, headers });
  };
}
