import { describe, expect, it } from "vitest";

import { sql } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shops } from "#app/db/schema.ts";
import { WaitInsideTransaction } from "#app/db/transaction-scope.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import { shopifyAdminGraphql } from "#app/admin-api/gateway.server.ts";
import { ORDER_QUERY } from "#app/admin-api/operations/orders.ts";
import { createShippingClient } from "#app/shipping/client.server.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

/**
 * Inside a transaction nothing may wait for another connection, the Admin API, the shipping
 * service or Redis (app/db/transaction-scope.ts): on the embedded database such a wait holds the
 * only session, and a wait for another connection never ends. Checked here on PostgreSQL, where
 * the same code would not stall, so that the tests catch it before PGlite does.
 */
describe("a database transaction", () => {
  it("refuses a query on another connection, an Admin API call, a shipping call and queueing, with what was attempted", async () => {
    const attempts: Record<string, () => Promise<unknown>> = {
      "a database query on another connection": () => db.select().from(shops).limit(1),
      "an Admin API call": () =>
        shopifyAdminGraphql("txscope.myshopify.com", ORDER_QUERY, {
          id: "gid://shopify/Order/1",
        }),
      "a shipping service call (GET /v1/couriers)": () =>
        createShippingClient({ baseUrl: "http://127.0.0.1:1", apiKey: "k" }).getCouriers(),
      "queueing confirm": () =>
        enqueue.confirm("txscope.myshopify.com", "00000000-0000-0000-0000-000000000000"),
    };
    for (const [what, attempt] of Object.entries(attempts)) {
      const error = await db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await attempt();
        })
        .catch((e: unknown) => e);
      // Drizzle wraps a query's failure ("Failed query: …"); what refused it is its cause.
      const refusal = error instanceof WaitInsideTransaction ? error : (error as Error).cause;
      expect(refusal, what).toBeInstanceOf(WaitInsideTransaction);
      expect((refusal as Error).message, what).toContain(`${what} inside a database transaction`);
    }
  });

  it("allows all of it before and after, and queries through the transaction (savepoints included) inside", async () => {
    const inside = await db.transaction(async (tx) => {
      const [a] = (await tx.execute(sql`SELECT 1 AS one`)).rows;
      const nested = await tx.transaction(
        async (sp) => (await sp.execute(sql`SELECT 2 AS two`)).rows[0],
      );
      return [a, nested];
    });
    expect(inside).toEqual([{ one: 1 }, { two: 2 }]);
    expect(await db.select().from(shops).limit(1)).toEqual(expect.any(Array));
  });
});
