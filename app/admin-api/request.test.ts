import { describe, expect, it } from "vitest";
import { MAX_THROTTLE_WAIT_MS, retryThrottled, THROTTLE_RETRIES, throttleWaitMs } from "./pacing";
import { ORDER_QUERY } from "./operations/orders";
import { adminAnswer, AdminGraphqlError, adminRequest, type AdminGraphql } from "./request";

/**
 * Shopify's answer when a shop's query-cost bucket is empty, as its rate-limit documentation shows
 * it: HTTP 200, a THROTTLED error, and the cost figures (2,000 points, 100 a second restored).
 */
const throttled = (currentlyAvailable: number, requestedQueryCost = 202) => ({
  errors: [
    {
      message: "Throttled",
      extensions: {
        code: "THROTTLED",
        documentation: "https://shopify.dev/api/usage/limits#rate-limits",
      },
    },
  ],
  extensions: {
    cost: {
      requestedQueryCost,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable, restoreRate: 100 },
    },
  },
});

describe("an Admin API answer, read once for every operation", () => {
  it("gives the typed data, and throws Shopify's GraphQL errors with their words", () => {
    const data = adminAnswer(ORDER_QUERY, {
      data: { order: { id: "gid://shopify/Order/1" } },
    });
    expect(data.order?.id).toBe("gid://shopify/Order/1");
    expect(() => adminAnswer(ORDER_QUERY, throttled(6))).toThrow(
      new AdminGraphqlError("Throttled", true),
    );
    const denied = {
      errors: [
        { message: "Access denied for order field.", extensions: { code: "ACCESS_DENIED" } },
      ],
    };
    let error: unknown;
    try {
      adminAnswer(ORDER_QUERY, denied);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AdminGraphqlError);
    expect(error).toMatchObject({ detail: "Access denied for order field.", throttled: false });
    // An answer without data and without errors is not taken for an empty one.
    expect(() => adminAnswer(ORDER_QUERY, {})).toThrow("no data for ShippingOrder");
  });

  it("adminRequest sends the document and its variables, as typed", async () => {
    const sent: unknown[] = [];
    const graphql: AdminGraphql = async (shop, document, variables) => {
      sent.push([shop, document, variables]);
      return { data: { order: null } };
    };
    const answer = await adminRequest(graphql, "s.myshopify.com", ORDER_QUERY, {
      id: "gid://shopify/Order/7",
    });
    expect(answer.order).toBeNull();
    expect(sent).toEqual([["s.myshopify.com", ORDER_QUERY, { id: "gid://shopify/Order/7" }]]);
  });
});

describe("the gateway's throttling", () => {
  it("waits as long as Shopify's cost figures say the bucket needs for the query", () => {
    expect(throttleWaitMs(throttled(6))).toBe(1960); // (202 - 6) / 100 a second
    expect(throttleWaitMs(throttled(0, 1000))).toBe(MAX_THROTTLE_WAIT_MS); // capped
    expect(throttleWaitMs(throttled(500))).toBe(100); // enough already: a short pause
    expect(throttleWaitMs({ errors: [{ extensions: { code: "THROTTLED" } }] })).toBe(1000);
  });

  it("sends again after the wait while throttled, then gives the answer back as it is", async () => {
    const answers = [throttled(6), throttled(150), { data: { order: null } }];
    const waits: number[] = [];
    const body = await retryThrottled(
      async () => answers.shift(),
      async (ms) => void waits.push(ms),
    );
    expect(body).toEqual({ data: { order: null } });
    expect(waits).toEqual([1960, 520]);

    // Throttled every time: THROTTLE_RETRIES more sends, then the throttled answer for the job's own retry.
    let sends = 0;
    const last = await retryThrottled(
      async () => (sends++, throttled(0)),
      async () => {},
    );
    expect(sends).toBe(1 + THROTTLE_RETRIES);
    expect(() => adminAnswer(ORDER_QUERY, last)).toThrow(AdminGraphqlError);
  });
});
