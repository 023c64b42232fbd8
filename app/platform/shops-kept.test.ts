import { describe, expect, it } from "vitest";
import { keptSession, keepSession } from "../admin-api/session-store";
import { freshEntry, keepEntry } from "../shops/shop-cache-store";
import { SHOPS_KEPT } from "./shops-kept";

/**
 * What a process keeps per shop is bounded: past SHOPS_KEPT shops, the least recently used shop's
 * facts are let go (read again when next needed), however many shops install the app.
 */
describe("per-shop memory of a process", () => {
  const shop = (i: number) => `kept-${i}.myshopify.com`;

  it("keeps the most recently used shops' tokens, at most SHOPS_KEPT", () => {
    for (let i = 0; i <= SHOPS_KEPT; i++) keepSession(shop(i), `token-${i}`, null);
    expect(keptSession(shop(0))).toBeUndefined();
    expect(keptSession(shop(1))?.accessToken).toBe("token-1");
    expect(keptSession(shop(SHOPS_KEPT))?.accessToken).toBe(`token-${SHOPS_KEPT}`);
  });

  it("keeps the most recently used shops' facts, a shop just read kept before an older one", () => {
    const now = Date.now();
    for (let i = 0; i < SHOPS_KEPT; i++) void keepEntry(shop(i), Promise.resolve(i), now);
    // Shop 0 is read again, so shop 1 is now the least recently used: a new shop pushes it out.
    expect(freshEntry(shop(0), now)).toBeDefined();
    void keepEntry(shop(SHOPS_KEPT), Promise.resolve(SHOPS_KEPT), now);
    expect(freshEntry(shop(0), now)).toBeDefined();
    expect(freshEntry(shop(1), now)).toBeUndefined();
  });
});
