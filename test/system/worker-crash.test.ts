import { spawn, type ChildProcess } from "node:child_process";
import { startWorker } from "../../scripts/processes.ts";
import { afterAll, describe, expect, it } from "vitest";

import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { liveKey } from "../helpers/sandbox.ts";
import { freshOrder, setUpShop, shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { uniqueShop, webhookRequest } from "../helpers/shopify.ts";
import { offlineSessionRow } from "#fakes/shopify/fake-shopify-server.ts";
import { sessionTable } from "#app/db/schema.ts";
import { testStack } from "../helpers/stack.ts";

const env = getEnv();
const stack = testStack({ sandbox: { faults: { latencyMs: 150 } }, shopify: {} });
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

/** The real worker process (`worker/index.ts`), on this file's queues, with short job locks. */
async function startWorkerProcess(): Promise<ChildProcess> {
  const child = await startWorker({
    env: {
      ...process.env,
      LOG_LEVEL: "info",
      WORKER_LOCK_MS: "2000",
      WORKER_CONCURRENCY: "6",
      FAKE_SHOPIFY_ADMIN_URL: stack.shopify.url,
    },
    nodeArgs: ["--import", "./fakes/shopify/redirect-shopify-admin.ts"],
  });
  children.push(child.process);
  return child.process;
}

describe("a worker process killed mid-batch", () => {
  it("loses nothing and doubles nothing after a restart", async () => {
    const shop = uniqueShop("crash");
    const key = liveKey("crash");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
    await db.insert(sessionTable).values(offlineSessionRow(shop, stack.shopify.connect(shop)));
    const orders = Array.from({ length: 30 }, () => freshOrder("multi-item"));
    for (const order of orders) {
      const response = await ordersCreate({
        request: webhookRequest({ topic: "orders/create", shop, body: order }),
        params: {},
        context: {},
      } as never);
      expect(response.status).toBe(200);
    }

    const first = await startWorkerProcess();
    const confirmedCount = async () => {
      let n = 0;
      for (const o of orders) if ((await shipmentOf(db, shop, o.id))?.status === "confirmed") n++;
      return n;
    };
    await waitFor("a few confirmed", async () => (await confirmedCount()) >= 4, 60_000);
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const before = await confirmedCount();
    expect(before).toBeLessThan(orders.length);

    const second = await startWorkerProcess();
    await waitFor(
      "all confirmed",
      async () => (await confirmedCount()) === orders.length || undefined,
      120_000,
    );
    second.kill("SIGTERM");
    await new Promise((r) => second.once("exit", r));

    // Each order was checked with the shop's own Admin API (its token) before its draft.
    expect(stack.shopify.calls.get("OrderForShipping")).toBeGreaterThanOrEqual(orders.length);
    const account = stack.sandbox.service.account(key);
    for (const o of orders) {
      const ref = referenceIdFor(shop, String(o.id));
      expect([...account.drafts.values()].filter((d) => d.spec.referenceId === ref)).toHaveLength(
        1,
      );
      expect([...account.orders.values()].filter((x) => x.spec.referenceId === ref)).toHaveLength(
        1,
      );
    }
  });
});

describe("a wrong ENCRYPTION_KEY", () => {
  it("stops the worker at start with a clear message (the database's canary does not decrypt)", async () => {
    // The database has met the tests' key (this file's own start-up checks store the canary).
    const { checkEncryptionKey } = await import("#app/shops/canary.server.ts");
    await checkEncryptionKey(db, env.ENCRYPTION_KEY);
    const child = spawn(process.execPath, ["--import", "tsx", "worker/index.ts"], {
      cwd: process.cwd(),
      env: { ...process.env, LOG_LEVEL: "info", ENCRYPTION_KEY: "ab".repeat(32) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d));
    child.stderr!.on("data", (d: Buffer) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(out).toContain(
      "ENCRYPTION_KEY is not the key this database's secrets were encrypted with",
    );
    expect(out).not.toContain('"worker ready"');
    // The right key still opens it.
    await expect(checkEncryptionKey(db, env.ENCRYPTION_KEY)).resolves.toBeUndefined();
  }, 60_000);
});
