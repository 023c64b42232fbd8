/**
 * `npm run bench:journey`: what a shipment costs after the booking, over its whole journey, with
 * the app as deployed (bench/stack.ts: production web server, a worker process, PostgreSQL, Redis,
 * the sandbox and the fake Shopify Admin API over HTTP).
 *
 * One shop that fulfills on booking receives ORDERS (200) cash-on-delivery orders; once every one is
 * booked and fulfilled, the sandbox's couriers play half of them to the customer (`delivered`:
 * picked up, three steps on the way, delivered) and then the other half back to the shop
 * (`returned`: the way, a failed attempt, refused, back), one step of every parcel at a time, the
 * next only once the app has taken the last one in (as couriers move over days), each step's
 * events reaching the app through its events route. Reported per phase (booking, delivered journey, returned journey):
 * Shopify Admin API calls per shipment by operation, and worker CPU per shipment. The outcomes are
 * checked: every delivered COD order marked paid once, every returned one returned, restocked and
 * cancelled once, every history entry sent to Shopify or skipped with a reason.
 *
 * Writes bench/results/journey.json.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { fulfillmentEvents, shipments } from "#app/db/schema.ts";
import { TERMINAL_ORDER_STATUSES } from "#app/shipping/contract.ts";
import { playJourney, type Journey } from "#sandbox/journeys.ts";
import { loadOrder } from "#test/fixtures/orders.ts";
import { registerEvents } from "#test/helpers/sandbox.ts";
import { processUsage, progress, Stack, writeResult } from "./stack.ts";

const ORDERS = Number(process.env.ORDERS ?? 200);
const TIMEOUT_S = Number(process.env.TIMEOUT_S ?? 300);
const SHOP = "bench-journey.myshopify.com";
const KEY = "biteship_live.bench-journey";
const template = loadOrder("cod");

async function until(label: string, check: () => Promise<number>, target: number) {
  const t0 = performance.now();
  for (;;) {
    const done = await check();
    const s = (performance.now() - t0) / 1000;
    progress(`  ${label}: ${s.toFixed(0)} s, ${done}/${target}`);
    if (done >= target) {
      console.log("");
      return s;
    }
    if (s > TIMEOUT_S) throw new Error(`${label}: ${done}/${target} after ${TIMEOUT_S} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const count = async (stack: Stack, where: ReturnType<typeof and>) =>
  Number(
    (
      await stack.db
        .select({ n: sql<string>`count(*)` })
        .from(shipments)
        .where(and(eq(shipments.shop, SHOP), where))
    )[0]!.n,
  );

/** The courier's history entries the app has recorded for the shop (one per step of a parcel). */
const historyRecorded = async (stack: Stack) =>
  Number(
    (
      await stack.db
        .select({ n: sql<string>`count(*)` })
        .from(fulfillmentEvents)
        .where(eq(fulfillmentEvents.shop, SHOP))
    )[0]!.n,
  );

/** Admin API calls since `before`, per operation, divided by `per`. */
function callsSince(stack: Stack, before: Map<string, number>, per: number) {
  const byOperation: Record<string, number> = {};
  let total = 0;
  for (const [op, n] of stack.shopify.calls) {
    const d = n - (before.get(op) ?? 0);
    if (d > 0) {
      byOperation[op] = +(d / per).toFixed(3);
      total += d;
    }
  }
  return { perShipment: +(total / per).toFixed(3), byOperation };
}

async function phase(
  stack: Stack,
  label: string,
  per: number,
  run: () => Promise<number>,
): Promise<{
  seconds: number;
  adminCalls: ReturnType<typeof callsSince>;
  adminPoints: number;
  workerCpuMs: number;
}> {
  const calls = new Map(stack.shopify.calls);
  const points = stack.shopify.orders.costs.spent.get(SHOP) ?? 0;
  const cpu = processUsage(stack.workers[0]!.process.pid).cpuS;
  const seconds = await run();
  // The jobs a step queued last (status metafields, events) finish before the next phase counts.
  for (let i = 0; i < 60 && (await stack.backlog()) > 0; i++)
    await new Promise((r) => setTimeout(r, 500));
  await new Promise((r) => setTimeout(r, 1500));
  const result = {
    seconds: +seconds.toFixed(1),
    adminCalls: callsSince(stack, calls, per),
    // Shopify's query-cost points spent (the answers' actual costs), per shipment.
    adminPoints: +(((stack.shopify.orders.costs.spent.get(SHOP) ?? 0) - points) / per).toFixed(1),
    workerCpuMs: +(((processUsage(stack.workers[0]!.process.pid).cpuS - cpu) * 1000) / per).toFixed(
      2,
    ),
  };
  console.log(
    `  ${label}: ${result.adminCalls.perShipment} Admin API calls per shipment ${JSON.stringify(result.adminCalls.byOperation)}, ${result.adminPoints} query-cost points; worker CPU ${result.workerCpuMs} ms per shipment`,
  );
  return result;
}

async function main() {
  console.log(
    `Journey: ${ORDERS} COD orders of one shop, booked and fulfilled; half delivered, half returned`,
  );
  const stack = await Stack.start({
    name: "journey",
    sandbox: { rateLimits: false },
    workers: 1,
    workerConcurrency: Number(process.env.WORKER_CONCURRENCY ?? 50),
  });
  try {
    await stack.addShop(SHOP, KEY, {
      fulfillOnConfirm: true,
      codGateways: ["Cash on Delivery (COD)"],
      // The orders share one buyer and one minute: by the COD risk's rules a burst from one
      // phone, which the default policy would hold before booking. Held, nothing would travel.
      codRiskHold: "never",
    });
    const hook = await registerEvents(stack.sandbox.url, KEY, await stack.eventsUrl(SHOP));
    if (!hook.ok) throw new Error(`registering the events URL: ${await hook.text()}`);

    const booking = await phase(stack, "booking (draft, confirm, fulfill)", ORDERS, async () => {
      for (let n = 0; n < ORDERS; n++) {
        const id = 8_100_000_000_000 + n;
        const { status } = await stack.deliver("orders/create", SHOP, {
          ...template,
          id,
          admin_graphql_api_id: `gid://shopify/Order/${id}`,
          name: `#J${n}`,
        });
        if (status !== 200) throw new Error(`orders/create answered ${status}`);
      }
      return until(
        "booked and fulfilled",
        () => count(stack, sql`jsonb_array_length(${shipments.fulfillmentIds}) > 0`),
        ORDERS,
      );
    });

    const booked = await stack.db
      .select({ id: shipments.id, shippingOrderId: shipments.shippingOrderId })
      .from(shipments)
      .where(eq(shipments.shop, SHOP))
      .orderBy(shipments.orderId);
    const half = Math.floor(booked.length / 2);
    // Step by step, as couriers move over days: every parcel takes its next step, and the app has
    // taken it in (no job waiting) before the next one, so no two steps of a parcel collapse into
    // one sync.
    const play = async (rows: typeof booked, journey: Journey) => {
      for (let step = 1; ; step++) {
        const recordedBefore = await historyRecorded(stack);
        let moved = 0;
        for (const row of rows) {
          const [, order] = stack.sandbox.service.lifecycle.locate(row.shippingOrderId!);
          if (TERMINAL_ORDER_STATUSES.has(order.status)) continue;
          moved += playJourney(stack.sandbox.service, row.shippingOrderId!, journey, 60, 1).length;
        }
        if (moved === 0) return;
        progress(`  ${journey}: step ${step}, ${moved} parcels moved`);
        // Taken in: each moved parcel's new history entry recorded, and no job left to run.
        for (let i = 0; i < 600; i++) {
          if (
            (await historyRecorded(stack)) >= recordedBefore + moved &&
            (await stack.backlog()) === 0
          )
            break;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };

    const delivered = await phase(stack, "delivered journey", half, async () => {
      await play(booked.slice(0, half), "delivered");
      return until(
        "delivered and settled",
        () => count(stack, sql`${shipments.codSettlement} is not null`),
        half,
      );
    });
    const returned = await phase(stack, "returned journey", booked.length - half, async () => {
      await play(booked.slice(half), "returned");
      return until(
        "returned and handled",
        () => count(stack, sql`${shipments.returnOutcome} is not null`),
        booked.length - half,
      );
    });

    // The outcomes, as Shopify was asked and as the rows say.
    const log = stack.shopify.log;
    const pendingEvents = Number(
      (
        await stack.db
          .select({ n: sql<string>`count(*)` })
          .from(fulfillmentEvents)
          .where(
            and(
              eq(fulfillmentEvents.shop, SHOP),
              isNull(fulfillmentEvents.sentAt),
              eq(fulfillmentEvents.state, "pending"),
            ),
          )
      )[0]!.n,
    );
    const outcomes = {
      markedPaid: log.markedPaid?.length ?? 0,
      markedPaidOrders: new Set(log.markedPaid?.map((m) => m.orderId)).size,
      returns: log.returns?.length ?? 0,
      restockedUnits: (log.restocks ?? []).reduce((n, r) => n + r.quantity, 0),
      cancellations: log.cancellations?.length ?? 0,
      fulfillmentEvents: log.fulfillmentEvents?.length ?? 0,
      eventsStillPending: pendingEvents,
      returnOutcomes: await stack.statusCounts([SHOP]),
    };
    const ok =
      outcomes.markedPaid === half &&
      outcomes.markedPaidOrders === half &&
      outcomes.returns === booked.length - half &&
      outcomes.cancellations === booked.length - half &&
      outcomes.eventsStillPending === 0;
    const whole = (p: { adminCalls: { perShipment: number } }) => p.adminCalls.perShipment;
    const result = {
      orders: ORDERS,
      booking,
      delivered,
      returned,
      wholeJourneyAdminCallsPerShipment: {
        delivered: +(whole(booking) + whole(delivered)).toFixed(3),
        returned: +(whole(booking) + whole(returned)).toFixed(3),
      },
      wholeJourneyAdminPointsPerShipment: {
        delivered: +(booking.adminPoints + delivered.adminPoints).toFixed(1),
        returned: +(booking.adminPoints + returned.adminPoints).toFixed(1),
      },
      outcomes,
      outcomesAsExpected: ok,
      workerPeakRssMb: processUsage(stack.workers[0]!.process.pid).peakRssMb,
    };
    console.log(
      `\nWhole journey, Admin API calls per shipment: delivered ${result.wholeJourneyAdminCallsPerShipment.delivered}, returned ${result.wholeJourneyAdminCallsPerShipment.returned}; query-cost points: delivered ${result.wholeJourneyAdminPointsPerShipment.delivered}, returned ${result.wholeJourneyAdminPointsPerShipment.returned}`,
    );
    console.log(
      `Outcomes: ${outcomes.markedPaid} marked paid (${outcomes.markedPaidOrders} orders), ${outcomes.returns} returns, ${outcomes.restockedUnits} units restocked, ${outcomes.cancellations} cancelled, ${outcomes.fulfillmentEvents} fulfillment events, ${outcomes.eventsStillPending} pending: ${ok ? "as expected" : "NOT as expected"}`,
    );
    console.log(`Results: ${writeResult("journey", result)}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

void main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
