import { afterAll, beforeAll } from "vitest";
import { database, db } from "#app/db/index.server.ts";
import { closeQueues } from "#app/jobs/queues.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { startFakeShopify, type FakeShopify } from "#fakes/shopify/fake-shopify-server.ts";
import type { FakeShopifyOrders } from "#fakes/shopify/fake-admin.ts";
import { createSandbox, type Sandbox, type SandboxOptions } from "#sandbox/server.ts";
import type { RunningWorkers } from "#worker/worker.ts";
import { startTestWorkers } from "./pipeline.ts";

/** What an integration file asks of its stack. */
export interface StackOptions {
  /** The shipping service's sandbox over HTTP on a free port (its options: faults, limits …). */
  sandbox?: Omit<SandboxOptions, "port">;
  /** The worker's processors in this process, on this file's queues. */
  workers?: WorkerOptions | ((stack: TestStack) => WorkerOptions);
  /**
   * Shopify's fake over HTTP; with `admin`, the app's Admin API calls go to it
   * (FAKE_SHOPIFY_ADMIN_URL, read by fakes/shopify/redirect-shopify-admin.ts).
   */
  shopify?: { admin?: boolean; orders?: FakeShopifyOrders };
}

type WorkerOptions = NonNullable<Parameters<typeof startTestWorkers>[2]>;

/** The running parts, there from the file's first test to its last. */
export interface TestStack {
  readonly sandbox: Sandbox;
  readonly workers: RunningWorkers;
  readonly shopify: FakeShopify;
  /** The sandbox's live drafts of one reference, for one API key. */
  drafts(key: string, reference: string): SandboxDraft[];
  /** Every draft of one reference, deleted ones included. */
  allDrafts(key: string, reference: string): SandboxDraft[];
  /** The sandbox's orders of one reference. */
  orders(key: string, reference: string): SandboxOrder[];
}

type SandboxAccount = ReturnType<Sandbox["service"]["account"]>;
type SandboxDraft = SandboxAccount["drafts"] extends Map<string, infer D> ? D : never;
type SandboxOrder = SandboxAccount["orders"] extends Map<string, infer O> ? O : never;

/**
 * One integration file's stack: the sandbox, the worker's processors and Shopify's fake started
 * before the file's tests (those the file asks for), and, after them, everything stopped in
 * order (workers, queues, fakes, sandbox) and the database closed. A part the file did not ask for
 * throws when used.
 */
export function testStack(options: StackOptions = {}): TestStack {
  const parts: { sandbox?: Sandbox; workers?: RunningWorkers; shopify?: FakeShopify } = {};
  beforeAll(async () => {
    if (options.sandbox) parts.sandbox = await createSandbox({ port: 0, ...options.sandbox });
    if (options.shopify) {
      parts.shopify = await startFakeShopify(0, options.shopify.orders);
      if (options.shopify.admin) process.env.FAKE_SHOPIFY_ADMIN_URL = parts.shopify.url;
    }
    if (options.workers) {
      const given = options.workers;
      parts.workers = startTestWorkers(
        db,
        getEnv(),
        typeof given === "function" ? given(stack) : given,
      );
    }
  });
  afterAll(async () => {
    await parts.workers?.close();
    await closeQueues();
    await parts.shopify?.close();
    await parts.sandbox?.close();
    await database.close();
  });
  const part = <K extends keyof typeof parts>(name: K): NonNullable<(typeof parts)[K]> => {
    const value = parts[name];
    if (!value) throw new Error(`this file's stack has no ${name}: ask testStack for it`);
    return value;
  };
  const stack: TestStack = {
    get sandbox() {
      return part("sandbox");
    },
    get workers() {
      return part("workers");
    },
    get shopify() {
      return part("shopify");
    },
    allDrafts: (key, reference) =>
      [...part("sandbox").service.account(key).drafts.values()].filter(
        (d) => d.spec.referenceId === reference,
      ),
    drafts: (key, reference) => stack.allDrafts(key, reference).filter((d) => !d.deletedAt),
    orders: (key, reference) =>
      [...part("sandbox").service.account(key).orders.values()].filter(
        (o) => o.spec.referenceId === reference,
      ),
  };
  return stack;
}
