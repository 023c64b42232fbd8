import { afterAll, beforeAll, expect } from "vitest";
import { database, db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments, type Shipment } from "#app/db/schema.ts";
import { asc, eq } from "drizzle-orm";
import { reconcileAfterJourney } from "#worker/processors/reconcile.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { QUEUES } from "#app/jobs/definitions.ts";
import { closeQueues, enqueue, getQueue } from "#app/jobs/queues.server.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import type { ShopSettings } from "#app/shops/settings.ts";
import { emptyAdminLog } from "#fakes/shopify/fake-admin.ts";
import { createSandbox, type Sandbox } from "#sandbox/server.ts";
import { playJourney } from "#sandbox/journeys.ts";
import type { RunningWorkers } from "#worker/worker.ts";
import { freshOrder, setUpShop, shipmentOf, startTestWorkers, waitFor } from "./pipeline.ts";
import { liveKey } from "./sandbox.ts";
import { deliverWebhook, uniqueShop } from "./shopify.ts";

/**
 * What the tests of a shipment's life after the booking share (fulfillment events, COD, returns):
 * the fake Admin API's full record, a COD or prepaid order booked through the real webhook route,
 * and the courier moving it at the sandbox on a clock the test owns.
 */

/** A record of every kind of call the fake Admin API keeps. */
export const adminLog = emptyAdminLog;

/** The types of a shipment's timeline entries, oldest first. */
export const eventTypesOf = async (shipmentId: string): Promise<string[]> =>
  (
    await db
      .select({ type: shipmentEvents.type })
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, shipmentId))
      .orderBy(asc(shipmentEvents.id))
  ).map((e) => e.type);

/** Every shipment job queued so far has run. */
export async function shipmentJobsSettled(): Promise<void> {
  const queue = getQueue(QUEUES.shipments);
  await waitFor("the shipment jobs to run", async () => {
    const counts = await queue.getJobCounts("waiting", "active", "delayed", "prioritized");
    return Object.values(counts).every((n) => n === 0);
  });
}

/**
 * A journey that ended 400 days ago (`ended`: its status and time, as the worker records them)
 * whose follow-up job was lost, as after Redis lost its data; then reconciliation of the journeys
 * that ended before a year ago, so that it takes this row and not the other test files' (the whole
 * reconciliation would queue their pending work too). The counts of what it queued.
 */
export async function reconcileLostJob(
  shipmentId: string,
  ended: { status: "delivered" | "returned" },
) {
  const at = new Date(Date.now() - 400 * 86_400_000);
  await db
    .update(shipments)
    .set(
      ended.status === "delivered"
        ? { status: "delivered", deliveredAt: at }
        : { status: "returned", returnedAt: at },
    )
    .where(eq(shipments.id, shipmentId));
  return reconcileAfterJourney(
    db,
    getQueue(QUEUES.shipments),
    enqueue,
    new Date(Date.now() - 365 * 86_400_000),
  );
}

export interface Courier {
  /** The service moves the parcel on, `stepMs` later; the worker hears of it (as from an event or the poll). */
  moves(
    shop: string,
    shipment: Pick<Shipment, "id" | "shippingOrderId">,
    status: string,
    note?: string,
  ): Promise<void>;
}

/** The sandbox's courier on the test's clock (`clock.ms`, which the sandbox was given as its `now`). */
export function courier(sandbox: Sandbox, clock: { ms: number }, stepMs = 60_000): Courier {
  return {
    async moves(shop, shipment, status, note) {
      clock.ms += stepMs;
      sandbox.service.lifecycle.forceStatus(shipment.shippingOrderId!, status, note);
      await enqueue.syncStatus(shop, shipment.id);
      await shipmentJobsSettled();
    },
  };
}

/**
 * A fixture order delivered to a new shop through the real webhook route and booked at the
 * sandbox (and, with `fulfilled`, fulfilled in Shopify by the app); every job it queued has run.
 */
export async function bookedOrder(
  sandbox: Sandbox,
  options: {
    label: string;
    fixture: string;
    settings?: Partial<ShopSettings>;
    fulfilled?: boolean;
  },
) {
  const env = getEnv();
  const shop = uniqueShop(options.label);
  const key = liveKey(options.label);
  await setUpShop(db, env.ENCRYPTION_KEY, shop, key, sandbox.url, options.settings ?? {});
  const order = freshOrder(options.fixture);
  expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
    200,
  );
  await waitFor(options.fulfilled ? "booked and fulfilled" : "booked", async () => {
    const s = await shipmentOf(db, shop, order.id);
    return s?.shippingOrderId &&
      s.status === "confirmed" &&
      (!options.fulfilled || (s.fulfillmentIds as string[]).length > 0)
      ? s
      : undefined;
  });
  await shipmentJobsSettled();
  return { shop, key, order, shipment: (await shipmentOf(db, shop, order.id))! };
}

/**
 * A test file's stack for the life after the booking: the sandbox on the file's clock (starting at
 * `clockStart`, each courier step `stepMs` later), the worker's processors with the fake Admin
 * API's full record, and what the tests do with them. Registers its own beforeAll and afterAll.
 */
export function afterBookingStack(options: {
  label: string;
  clockStart: number;
  stepMs?: number;
  fulfilled?: boolean;
}) {
  const clock = { ms: options.clockStart };
  const log = adminLog();
  let workers: RunningWorkers | undefined;
  let courierOf: Courier | undefined;
  const stack = {
    clock,
    log,
    /** Set in beforeAll. */
    sandbox: undefined as unknown as Sandbox,
    /** An order of `fixture` booked for a new shop with `settings`. */
    booked: (fixture: string, settings: Partial<ShopSettings> = {}) =>
      bookedOrder(stack.sandbox, {
        label: options.label,
        fixture,
        settings,
        fulfilled: options.fulfilled,
      }),
    moves: ((...args) => courierOf!.moves(...args)) as Courier["moves"],
    /** The courier plays a whole journey at the sandbox (sandbox/journeys.ts), an hour a step; the worker hears of it. */
    journey: async (
      shop: string,
      s: Pick<Shipment, "id" | "shippingOrderId">,
      name: string,
    ): Promise<void> => {
      playJourney(stack.sandbox.service, s.shippingOrderId!, name, 60);
      await enqueue.syncStatus(shop, s.id);
      await shipmentJobsSettled();
    },
  };
  beforeAll(async () => {
    stack.sandbox = await createSandbox({ port: 0, now: () => new Date(clock.ms) });
    workers = startTestWorkers(db, getEnv(), { adminLog: log });
    courierOf = courier(stack.sandbox, clock, options.stepMs);
  });
  afterAll(async () => {
    await workers?.close();
    await closeQueues();
    await stack.sandbox?.close();
    await database.close();
  });
  return stack;
}
