import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { recordInstall, setShippingApiKey } from "#app/shops/shops.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { loader as indexLoader } from "#app/routes/app._index/route.tsx";
import { offlineSession, sessionTokenRequest, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<unknown>;
async function load(request: Request): Promise<{ status: number; data?: unknown }> {
  try {
    const data = await (indexLoader as Loader)({ request, params: {}, context: {} });
    return { status: 200, data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
}

describe("embedded admin requests (session tokens through authenticate.admin)", () => {
  it("a valid session token loads that shop's data from its stored offline session", async () => {
    const shop = uniqueShop("embedded");
    await recordInstall(db, shop);
    await sessionStorage.storeSession(offlineSession(shop));
    await setShippingApiKey(db, getEnv().ENCRYPTION_KEY, shop, "biteship_test.embedded-key-9f3a");

    const { status, data } = await load(await sessionTokenRequest("/app", shop));
    expect(status).toBe(200);
    expect(data).toMatchObject({
      tab: "all",
      rows: [],
      counts: { all: 0 },
      // The setup guide: the key is in, the pickup location is the step it opens.
      setup: { finished: 1, next: "pickup", show: true },
    });
  });

  it("refuses an expired token, a token for another app, and one signed with another secret", async () => {
    const shop = uniqueShop("embedded-bad");
    await sessionStorage.storeSession(offlineSession(shop));
    const now = Math.floor(Date.now() / 1000);
    const expired = await load(
      await sessionTokenRequest(
        "/app",
        shop,
        {},
        { exp: now - 120, nbf: now - 600, iat: now - 600 },
      ),
    );
    const wrongAudience = await load(
      await sessionTokenRequest("/app", shop, {}, { aud: "another-app" }),
    );
    const wrongSecret = await load(
      await sessionTokenRequest("/app", shop, {}, {}, "another-secret"),
    );
    for (const result of [expired, wrongAudience, wrongSecret]) {
      expect(result.data).toBeUndefined();
      expect([401, 403]).toContain(result.status);
    }
  });
});
