/**
 * `npm run demo`: the main job, end to end, on the embedded default.
 *
 * Starts the sandbox shipping service, the web app (production build, `server.ts`) and the worker
 * process on an embedded PGlite database and a local Redis (scripts/demo/stack.ts); replays
 * realistic signed store orders through the real webhook route (scripts/demo/orders.ts); shows
 * each becoming a draft, being confirmed and moving through the courier's statuses
 * (scripts/demo/watch.ts); then prints a summary table. Exits 0 when every order reached its final
 * state; past the deadline (DEMO_DEADLINE_MS, 60 s) it names the orders still moving and exits 1.
 * The outcome is also written to <DEMO_DIR>/summary.json.
 *
 * `npm run demo -- --serve`: the same, then the stack stays up and the demo shop's admin pages open
 * in an ordinary browser at http://127.0.0.1:3191/ (DEMO_ADMIN_PORT): framed as Shopify's admin
 * frames them, App Bridge stood in for (fakes/shopify/local-admin.ts), in Indonesian with a
 * switch to English, until Ctrl-C.
 */
import fs from "node:fs";
import path from "node:path";
import { loadDotEnv } from "#app/platform/dotenv.server.ts";
import { setUpMerchant, replayOrders } from "./demo/orders.ts";
import { API_KEY, API_SECRET, SHOP, startStack, type DemoStack } from "./demo/stack.ts";
import { watch } from "./demo/watch.ts";
import { wordsIn } from "#app/i18n/i18n.server.ts";
import { DEFAULT_TIME_ZONE } from "#app/platform/zoned-time.ts";
import { describeStatus, valueWords } from "#app/shipments/status-words.ts";
import { storedText } from "#app/i18n/said.ts";
import { afterTheJourney } from "./demo/after-journey.ts";
import { couriers } from "./demo/couriers.ts";

loadDotEnv();
const DIR = process.env.DEMO_DIR ?? ".data/demo";
const options = {
  dir: DIR,
  webPort: Number(process.env.DEMO_WEB_PORT ?? 3190),
  pglitePort: Number(process.env.DEMO_PGLITE_PORT ?? 5498),
  buildDir: path.resolve(process.env.DEMO_BUILD_DIR ?? "build"),
  prebuilt: process.env.DEMO_PREBUILT === "1",
};
const DEADLINE_MS = Number(process.env.DEMO_DEADLINE_MS ?? 60_000);
const SERVE = process.argv.slice(2).includes("--serve");
const ADMIN_PORT = Number(process.env.DEMO_ADMIN_PORT ?? 3191);
const say = (line: string) => console.log(line);
let stack: DemoStack | null = null;

/** Past the build, the start-up and the watch's own deadline, the demo ends whatever it waits for. */
const WATCHDOG_MS = DEADLINE_MS + 180_000;

let watchdog: NodeJS.Timeout | undefined;

async function main(): Promise<number> {
  watchdog = setTimeout(() => {
    console.error(
      `\nThe demo did not finish within ${WATCHDOG_MS / 1000} s (start-up or set-up stalled); logs in ${DIR}/.`,
    );
    process.exit(1);
  }, WATCHDOG_MS).unref();
  say("ParcelBridge demo: store orders → shipments, on the embedded default\n");
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  const begun = Date.now();
  stack = await startStack(options, say);
  await setUpMerchant(stack);
  const replay = await replayOrders(stack, say);
  const courierScript = couriers(stack, replay, say);
  const outcome = await watch(stack, replay, DEADLINE_MS, say, courierScript);

  // The merchant's words, as the Indonesian shop's admin shows them (app/i18n/locales/id.json),
  // couriers named as the service's couriers list names them.
  const { shopCourierNames } = await import("#app/shops/courier-names.server.ts");
  const indonesian = {
    ...wordsIn("id"),
    timeZone: DEFAULT_TIME_ZONE,
    couriers: await shopCourierNames(SHOP),
  };
  const { t } = indonesian;
  const words = valueWords(indonesian);
  say(
    "\nSummary (status, courier, price and problem as the shop's admin shows them, in Bahasa Indonesia)",
  );
  console.table(
    outcome.rows.map((r) => {
      const said = describeStatus(r, indonesian);
      return {
        order: r.orderName ?? r.orderId,
        status: said.label,
        courier: said.courier ?? "-",
        waybill: r.waybillId ?? "-",
        price: said.price ?? "-",
        from: r.originName ?? "-",
        city: r.destinationCity ?? "-",
        // A problem is led by its kinds, as the list's filter files it.
        "problem or reason": (r.problem
          ? `[${r.problemKinds.map((k) => t(`problemKind.${k}.label` as "problemKind.address.label")).join(", ")}] ${storedText(r.problem, r.problemSaid, t, words)}`
          : (storedText(r.decision, r.decisionSaid, t, words) ?? "")
        ).slice(0, 60),
      };
    }),
  );
  const kind = (r: (typeof outcome.rows)[number]) =>
    r.problem && !r.draftOrderId ? "needs attention" : r.status;
  const counts = outcome.rows.reduce<Record<string, number>>(
    (acc, r) => ((acc[kind(r)] = (acc[kind(r)] ?? 0) + 1), acc),
    {},
  );
  say(
    `${outcome.rows.length} store orders: ${Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")}`,
  );
  // What Shopify was asked after the journeys (the fake Admin API's record of its mutations).
  const after = afterTheJourney(
    stack,
    outcome.rows,
    courierScript.returnedOrderId,
    courierScript.reweighedOrderId,
    courierScript.stalledOrderId,
  );
  say("");
  for (const line of after.lines) say(line);
  const service = stack.sandbox.service.counts();
  say(
    `At the shipping service: ${service.drafts} drafts, ${service.orders} orders (one per shipped store order, the redelivery made none)`,
  );
  fs.writeFileSync(
    path.join(DIR, "summary.json"),
    JSON.stringify(
      {
        ...outcome,
        totalSeconds: (Date.now() - begun) / 1000,
        sent: replay.sent,
        service,
        rows: outcome.rows.map((r) => ({
          orderId: r.orderId,
          order: r.orderName,
          part: r.part,
          attempt: r.attempt,
          status: r.status,
          problem: r.problem,
          problemKinds: r.problemKinds,
          draftOrderId: r.draftOrderId,
          shippingOrderId: r.shippingOrderId,
          codSettlement: r.codSettlement,
          returnOutcome: r.returnOutcome,
        })),
        afterTheJourney: after,
      },
      null,
      2,
    ),
  );
  if (outcome.settled && after.missing.length > 0) {
    say(`\nThe demo did not finish: ${after.missing.join("; ")}`);
    say(`Logs: ${DIR}/web.log, ${DIR}/worker.log`);
    return 1;
  }
  if (!outcome.settled) {
    say(`\nThe demo did not finish: ${outcome.reason}. Orders still moving:`);
    for (const line of outcome.stuck) say(`  ${line}`);
    say(`Logs: ${DIR}/web.log, ${DIR}/worker.log`);
    return 1;
  }
  say(
    `Every order reached its final state in ${outcome.seconds.toFixed(1)} s (${((Date.now() - begun) / 1000).toFixed(1)} s with start-up and build).`,
  );
  if (!SERVE)
    say(
      "To see these shipments in the shop's admin pages (in a browser, in Bahasa Indonesia): npm run demo -- --serve",
    );
  return 0;
}

/** Ctrl-C while the admin is served: the demo ends as it ended before serving. */
let endServing: (() => void) | null = null;

/** The demo shop's admin for a browser, until Ctrl-C. */
async function serve(demo: DemoStack): Promise<void> {
  const { startLocalAdmin } = await import("#fakes/shopify/local-admin.ts");
  const admin = await startLocalAdmin({
    appUrl: demo.webUrl,
    shop: SHOP,
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    port: ADMIN_PORT,
  });
  say(`\nThe demo shop's admin: ${admin.url}`);
  say("  Open it in a browser: the shipments, COD, failed and settings pages of the shop above,");
  say("  framed as Shopify's admin frames them, in Bahasa Indonesia (English from the top bar).");
  say(`  Shipping service: ${demo.sandbox.url} · logs in ${DIR}/. Ctrl-C stops everything.`);
  await new Promise<void>((resolve) => (endServing = resolve));
  await admin.close();
}

const stopAll = async () => {
  // The stack's own shutdown waits for each process; a hard limit keeps the demo from hanging there.
  await Promise.race([stack?.stop(), new Promise((r) => setTimeout(r, 30_000).unref())]);
};
process.on("SIGINT", () => {
  if (endServing) return endServing();
  void stopAll().then(() => process.exit(130));
});
main()
  .then(async (code) => {
    clearTimeout(watchdog);
    if (SERVE && stack && !stack.exited()) await serve(stack);
    await stopAll();
    process.exit(code);
  })
  .catch(async (error: Error) => {
    console.error(`\nDemo failed: ${error.message}`);
    await stopAll();
    process.exit(1);
  });
