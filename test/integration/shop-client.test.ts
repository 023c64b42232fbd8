import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import {
  ShippingNotConfiguredError,
  shippingClientForShop,
} from "#app/shops/shipping-client.server.ts";
import { recordInstall, setShippingApiKey } from "#app/shops/shops.server.ts";
import { draftBody, testKey } from "../helpers/sandbox.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

const stack = testStack({ sandbox: { rateLimits: false } });

describe("a shop's shipping client", () => {
  it("uses the shop's own key and base URL: two shops are two accounts at the service", async () => {
    const env = getEnv();
    const a = uniqueShop("client-a");
    const b = uniqueShop("client-b");
    for (const shop of [a, b]) {
      await recordInstall(db, shop);
      await setShippingApiKey(
        db,
        env.ENCRYPTION_KEY,
        shop,
        testKey(shop.slice(0, 8)),
        stack.sandbox.url,
      );
    }
    const clientA = await shippingClientForShop(db, env, a);
    const clientB = await shippingClientForShop(db, env, b);
    const draft = await clientA.createDraftOrder(draftBody({ reference_id: "same-ref" }));
    await expect(clientB.getDraftOrder(draft.id)).rejects.toMatchObject({
      name: "ShippingNotFoundError",
    });
    // Separate accounts: the same reference is free for the other shop.
    expect((await clientB.createDraftOrder(draftBody({ reference_id: "same-ref" }))).status).toBe(
      "placed",
    );
    expect((await clientA.getDraftOrder(draft.id)).reference_id).toBe("same-ref");
  });

  it("says clearly when the shop has no key", async () => {
    await expect(shippingClientForShop(db, getEnv(), uniqueShop("nokey"))).rejects.toBeInstanceOf(
      ShippingNotConfiguredError,
    );
  });
});
