import { AdminGraphqlError } from "../admin-api/request";
import { ORDER_OWNER_QUERY } from "../admin-api/operations/orders";
import { describe, expect, it } from "vitest";
import { isShopsOrder } from "./ownership";
import type { AdminGraphql } from "../admin-api/request";

/** An Admin API that answers `body` and records what it was asked. */
function answering(
  body: unknown,
  asked: { shop: string; variables: Record<string, unknown> }[] = [],
): AdminGraphql {
  return async (shop, query, variables) => {
    expect(query).toBe(ORDER_OWNER_QUERY);
    asked.push({ shop, variables });
    return body;
  };
}

describe("isShopsOrder: whose order is it, by the shop's own Admin API", () => {
  it("asks the named shop for the order's gid; the order there means yes", async () => {
    const asked: { shop: string; variables: Record<string, unknown> }[] = [];
    const yes = await isShopsOrder(
      answering({ data: { order: { id: "gid://shopify/Order/820982911946154508" } } }, asked),
      "toko.myshopify.com",
      "820982911946154508",
    );
    expect(yes).toBe(true);
    expect(asked).toEqual([
      { shop: "toko.myshopify.com", variables: { id: "gid://shopify/Order/820982911946154508" } },
    ]);
  });

  it("no such order in that shop (another shop's, or deleted) means no", async () => {
    expect(
      await isShopsOrder(answering({ data: { order: null } }), "toko.myshopify.com", "1"),
    ).toBe(false);
  });

  it("another order than the one asked for means no", async () => {
    expect(
      await isShopsOrder(
        answering({ data: { order: { id: "gid://shopify/Order/2" } } }),
        "toko.myshopify.com",
        "1",
      ),
    ).toBe(false);
  });

  it("errors (a throttle, a missing scope) or an answer of another shape are never taken for an answer", async () => {
    const throttled = { errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] };
    await expect(
      isShopsOrder(answering(throttled), "toko.myshopify.com", "1"),
    ).rejects.toBeInstanceOf(AdminGraphqlError);
    await expect(
      isShopsOrder(
        answering({ data: null, errors: [{ message: "Access denied for order field." }] }),
        "toko.myshopify.com",
        "1",
      ),
    ).rejects.toThrow(/Access denied/);
    await expect(isShopsOrder(answering({}), "toko.myshopify.com", "1")).rejects.toThrow();
  });
});
