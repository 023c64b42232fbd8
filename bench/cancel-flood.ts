/**
 * Part of `npm run bench:pipeline` (`PARTS=cancels`): a merchant's flood of cancellations next to
 * other shops' new orders. One shop (automatic booking off) has CANCELS (2,000) drafts ready; its
 * admin then sends a "cancel" for every one of them (POST /api/orders/<n>/shipment, the order
 * block's endpoint, with valid session tokens), 50 at a time, as fast as the web server answers;
 * each accepted one queues a cancel job that deletes the draft at the service (answering in
 * LATENCY_MS, 100 ms). Meanwhile SMALL_SHOPS (5) other shops send one new order each, one a second
 * from 0.5 s. Reported: the flood's answers (200 queued, 429 refused), each small order's time
 * from delivery to booking (goal: within 10 s), and when the flood's cancels were all done. Two
 * runs: the default limits, and the limits lifted (SHOP_REQUEST_RATE, SHOP_REQUEST_BURST,
 * SHOP_REQUESTED_JOBS_LIMIT), so that all 2,000 cancels are queued and only the queue's per-shop
 * turns stand between them and the other shops.
 */
import { floodOrderBlock, type FloodHelpers } from "./merchant-flood.ts";
import { progress, Stack } from "./stack.ts";

const CANCELS = Number(process.env.CANCELS ?? 2000);
const SMALL_SHOPS = Number(process.env.SMALL_SHOPS ?? 5);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 100);

async function oneRun(helpers: FloodHelpers, label: string, env: Record<string, string>) {
  const stack = await Stack.start({
    name: `bench_cancels_${label}`,
    sandbox: { rateLimits: false },
    workers: 1,
    workerConcurrency: 10,
    env,
  });
  try {
    const flooder = "cancelling.myshopify.com";
    const smalls = Array.from({ length: SMALL_SHOPS }, (_, i) => `calm-${i + 1}.myshopify.com`);
    await stack.addShop(flooder, "biteship_live.bench-canceller", { autoConfirm: false });
    for (const [i, s] of smalls.entries())
      await stack.addShop(s, `biteship_live.bench-calm-${i + 1}`);
    // The flooder's drafts, ready at the service (made at full speed, before the measured part).
    const orderIds: string[] = [];
    for (let n = 0; n < CANCELS; n++) {
      const order = helpers.orderFor(30_000 + n);
      orderIds.push(String(order.id));
      const answer = await stack.deliver("orders/create", flooder, order);
      if (answer.status !== 200) throw new Error(`a flooder's delivery answered ${answer.status}`);
    }
    for (;;) {
      const ready = (await stack.statusCounts([flooder])).draft_ready ?? 0;
      progress(`  ${label}: drafts ready ${ready}/${CANCELS}`);
      if (ready === CANCELS) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log("");
    stack.sandbox.faults.latencyMs = LATENCY_MS;
    const t0 = performance.now();
    const flooding = floodOrderBlock(stack, flooder, orderIds, "cancel");
    for (const [i, s] of smalls.entries()) {
      await new Promise((r) => setTimeout(r, i === 0 ? 500 : 1000));
      const answer = await stack.deliver("orders/create", s, helpers.orderFor(40_000 + i));
      if (answer.status !== 200)
        throw new Error(`a calm shop's delivery answered ${answer.status}`);
    }
    const answers = await flooding;
    const floodSentS = (performance.now() - t0) / 1000;
    const accepted = answers[200] ?? 0;
    let floodDoneS = Number.NaN;
    for (;;) {
      const now = (performance.now() - t0) / 1000;
      const cancelled = (await stack.statusCounts([flooder])).cancelled ?? 0;
      const booked = (await helpers.bookingLatencies(stack, smalls)).size;
      progress(
        `  ${label}: ${now.toFixed(0)} s, cancelled ${cancelled}/${accepted}, calm shops booked ${booked}/${smalls.length}`,
      );
      if (cancelled >= accepted && Number.isNaN(floodDoneS)) floodDoneS = now;
      if (cancelled >= accepted && booked === smalls.length) break;
      if (now > 900) throw new Error(`${label}: not finished after 900 s`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log("");
    const latencies = await helpers.bookingLatencies(stack, smalls);
    const calm = smalls.map((s) => +(latencies.get(s)?.[0] ?? Number.NaN).toFixed(2));
    const result = {
      cancels: CANCELS,
      floodAnswers: answers,
      floodSentS: +floodSentS.toFixed(1),
      cancelsDoneS: +floodDoneS.toFixed(1),
      calmShopBookingS: calm,
      calmShopWorstS: Math.max(...calm),
      calmShopGoalMet: Math.max(...calm) <= 10,
    };
    console.log(
      `  ${label}: cancels answered ${JSON.stringify(answers)} in ${result.floodSentS} s, done at ${result.cancelsDoneS} s; calm shops booked after ${calm.join(", ")} s (worst ${result.calmShopWorstS} s; goal ≤ 10 s: ${result.calmShopGoalMet ? "met" : "NOT met"})`,
    );
    return result;
  } finally {
    await stack.stop();
  }
}

export async function runCancelFlood(helpers: FloodHelpers) {
  console.log(
    `A merchant's flood of cancellations: ${CANCELS} cancels of ready drafts from one shop's admin, ${SMALL_SHOPS} other shops one new order each meanwhile; default worker settings (1 worker, concurrency 10)`,
  );
  const defaults = await oneRun(helpers, "defaults", {});
  const lifted = await oneRun(helpers, "lifted", {
    SHOP_REQUEST_RATE: "1000000",
    SHOP_REQUEST_BURST: "1000000",
    SHOP_REQUESTED_JOBS_LIMIT: "1000000",
  });
  return { cancelFlood: { defaults, limitsLifted: lifted } };
}
