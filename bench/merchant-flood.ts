/**
 * Part of `npm run bench:pipeline` (`PARTS=flood`): a merchant's flood next to other shops' new
 * orders. One shop's admin sends FLOOD_REQUESTS (2,000) "create shipment" requests for orders the
 * app never received (POST /api/orders/<n>/shipment, the order block's endpoint, with valid session
 * tokens), 50 at a time, as fast as the web server answers; each accepted one queues an import job
 * that reads the order from Shopify (the stack's fake Admin API, over HTTP, answering in
 * ADMIN_LATENCY_MS, 100 ms, as the real one takes tens to hundreds of ms). Meanwhile SMALL_SHOPS
 * (5) other shops send one new order each, one a second from 0.5 s. Reported: the flood's answers
 * (202 queued, 429 refused), each small order's time from delivery to booking (goal: within 10 s),
 * and when the flood's jobs were all done. Two runs: the default limits (SHOP_REQUEST_RATE,
 * SHOP_REQUEST_BURST, SHOP_REQUESTED_JOBS_LIMIT), and the limits lifted, so that the whole flood
 * is queued and only the queue's per-shop accounting stands between it and the other shops.
 */
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { API_SECRET, progress, Stack } from "./stack.ts";

const FLOOD_REQUESTS = Number(process.env.FLOOD_REQUESTS ?? 2000);
const SMALL_SHOPS = Number(process.env.SMALL_SHOPS ?? 5);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 100);
const ADMIN_LATENCY_MS = Number(process.env.ADMIN_LATENCY_MS ?? 100);

export interface FloodHelpers {
  orderFor(n: number): Record<string, unknown>;
  bookingLatencies(stack: Stack, shops: string[]): Promise<Map<string, number[]>>;
}

const BROWSER = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
  origin: "https://extensions.shopifycdn.com",
};

/**
 * The order block's endpoint asked `action` for each order id, 50 requests at a time with the
 * shop's session tokens, as fast as the web server answers: how many answers of each status.
 */
export async function floodOrderBlock(
  stack: Stack,
  shop: string,
  orderIds: readonly string[],
  action: "create" | "cancel",
): Promise<Record<number, number>> {
  const store = shop.replace(".myshopify.com", "");
  const statuses = new Map<number, number>();
  let next = 0;
  const sender = async () => {
    for (;;) {
      const orderId = orderIds[next++];
      if (orderId === undefined) return;
      const { token } = await getJwt(store, "bench-app", API_SECRET);
      const answer = await fetch(
        `http://127.0.0.1:${stack.webPort}/api/orders/${orderId}/shipment`,
        {
          method: "POST",
          headers: {
            ...BROWSER,
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({ action }),
        },
      );
      await answer.arrayBuffer();
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 50 }, sender));
  return Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
}

/** FLOOD_REQUESTS "create shipment" for orders the app never received. */
const flood = (stack: Stack, shop: string) =>
  floodOrderBlock(
    stack,
    shop,
    Array.from({ length: FLOOD_REQUESTS }, (_, n) => String(9_100_000_000 + n)),
    "create",
  );

/** The flooder's import jobs still waiting or running. */
async function floodLeft(stack: Stack, shop: string): Promise<number> {
  return stack.redis.zcard(`${stack.prefix}:backlog:${shop}:work`);
}

async function oneRun(helpers: FloodHelpers, label: string, env: Record<string, string>) {
  const stack = await Stack.start({
    name: `bench_flood_${label}`,
    sandbox: { faults: { latencyMs: LATENCY_MS } },
    workers: 1,
    workerConcurrency: 10,
    env,
  });
  stack.shopify.latencyMs = ADMIN_LATENCY_MS;
  try {
    const flooder = "flooder.myshopify.com";
    const smalls = Array.from({ length: SMALL_SHOPS }, (_, i) => `calm-${i + 1}.myshopify.com`);
    await stack.addShop(flooder, "biteship_live.bench-flooder");
    for (const [i, s] of smalls.entries())
      await stack.addShop(s, `biteship_live.bench-calm-${i + 1}`);
    const t0 = performance.now();
    const flooding = flood(stack, flooder);
    for (const [i, s] of smalls.entries()) {
      await new Promise((r) => setTimeout(r, i === 0 ? 500 : 1000));
      const answer = await stack.deliver("orders/create", s, helpers.orderFor(20_000 + i));
      if (answer.status !== 200)
        throw new Error(`a calm shop's delivery answered ${answer.status}`);
    }
    const answers = await flooding;
    const floodSentS = (performance.now() - t0) / 1000;
    let floodDoneS = Number.NaN;
    for (;;) {
      const now = (performance.now() - t0) / 1000;
      const left = await floodLeft(stack, flooder);
      const booked = (await helpers.bookingLatencies(stack, smalls)).size;
      progress(
        `  ${label}: ${now.toFixed(0)} s, flood jobs left ${left}, calm shops booked ${booked}/${smalls.length}`,
      );
      if (left === 0 && Number.isNaN(floodDoneS)) floodDoneS = now;
      if (left === 0 && booked === smalls.length) break;
      if (now > 600) throw new Error(`${label}: not finished after 600 s`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log("");
    const latencies = await helpers.bookingLatencies(stack, smalls);
    const calm = smalls.map((s) => +(latencies.get(s)?.[0] ?? Number.NaN).toFixed(2));
    const result = {
      floodRequests: FLOOD_REQUESTS,
      floodAnswers: answers,
      floodSentS: +floodSentS.toFixed(1),
      floodJobsDoneS: +floodDoneS.toFixed(1),
      calmShopBookingS: calm,
      calmShopWorstS: Math.max(...calm),
      calmShopGoalMet: Math.max(...calm) <= 10,
    };
    console.log(
      `  ${label}: flood answered ${JSON.stringify(answers)} in ${result.floodSentS} s, its jobs done at ${result.floodJobsDoneS} s; calm shops booked after ${calm.join(", ")} s (worst ${result.calmShopWorstS} s; goal ≤ 10 s: ${result.calmShopGoalMet ? "met" : "NOT met"})`,
    );
    return result;
  } finally {
    await stack.stop();
  }
}

export async function runMerchantFlood(helpers: FloodHelpers) {
  console.log(
    `A merchant's flood: ${FLOOD_REQUESTS} "create shipment" requests for unknown orders from one shop's admin, ${SMALL_SHOPS} other shops one new order each meanwhile; default worker settings (1 worker, concurrency 10)`,
  );
  const defaults = await oneRun(helpers, "defaults", {});
  const lifted = await oneRun(helpers, "lifted", {
    SHOP_REQUEST_RATE: "1000000",
    SHOP_REQUEST_BURST: "1000000",
    SHOP_REQUESTED_JOBS_LIMIT: "1000000",
  });
  return { merchantFlood: { defaults, limitsLifted: lifted } };
}
