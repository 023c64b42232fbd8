/**
 * Preloaded (`node --import ./fakes/shopify/redirect-shopify-admin.ts`) into a worker process that
 * must talk to the fake Shopify of the tests, benchmarks, drills and demo (fake-shopify-server.ts)
 * instead of Shopify: every fetch of https://<shop>.myshopify.com/admin/… goes to
 * FAKE_SHOPIFY_ADMIN_URL/<shop>/admin/…, headers and body unchanged. It patches globalThis.fetch
 * before @shopify/shopify-api's node adapter keeps a reference to it. Without the variable it
 * changes nothing. A test process imports it first, with the variable set to a placeholder, and
 * sets the variable to its fake Shopify's address once that listens.
 */
if (process.env.FAKE_SHOPIFY_ADMIN_URL) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (
      url.protocol === "https:" &&
      url.hostname.endsWith(".myshopify.com") &&
      url.pathname.startsWith("/admin/")
    ) {
      // Read at each call: a test process sets it once its fake Shopify listens.
      const redirected = `${process.env.FAKE_SHOPIFY_ADMIN_URL}/${url.hostname}${url.pathname}${url.search}`;
      return input instanceof Request
        ? realFetch(new Request(redirected, input), init)
        : realFetch(redirected, init);
    }
    return realFetch(input, init);
  };
}
