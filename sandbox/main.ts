/**
 * `npm run sandbox`: the shipping service on 127.0.0.1:$SANDBOX_PORT (default 4010).
 *
 * SANDBOX_PORT, SANDBOX_HOST        where to listen
 * SANDBOX_RATE_LIMITS               "on" (default, the documented limits) or "off"
 * SANDBOX_STATUS_INTERVAL_MS        orders advance one status every this many ms (default 15000; 0 = only on /_sandbox/clock/tick)
 * SANDBOX_LATENCY_MS, SANDBOX_JITTER_MS, SANDBOX_ERROR_RATE, SANDBOX_HANG_RATE, SANDBOX_DROP_RATE
 *                                   faults at start (also settable at run time: POST /_sandbox/faults)
 * SANDBOX_STATE_FILE                keep state across restarts in this JSON file
 * SANDBOX_SEED                      seed of the fault randomness (default 1)
 * SANDBOX_DRAFT_ERRORS, SANDBOX_DRAFT_DELETE_ANSWER, SANDBOX_CANCEL_WITHOUT_BODY, SANDBOX_RATE_LIMIT_BODY,
 * SANDBOX_WEBHOOK_PING, SANDBOX_PING_WITH_HEADER, SANDBOX_WAYBILL_EVENT
 *                                   where the service's documentation is unclear, which answer to give
 *                                   (sandbox/behaviour.ts; also settable at run time: POST /_sandbox/behaviour)
 * LOG_LEVEL                         pino level (default info; debug logs every request)
 */
import pino from "pino";
import { loadDotEnv } from "#app/platform/dotenv.server.ts";
import { behaviourFromEnv } from "./behaviour.ts";
import { createSandbox } from "./server.ts";

loadDotEnv();
const env = process.env;
const number = (name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`${name} must be a non-negative number, got ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return n;
};

const { behaviour, problem } = behaviourFromEnv(env);
if (problem) {
  console.error(problem);
  process.exit(1);
}

const logger = pino({ level: env.LOG_LEVEL ?? "info", name: "sandbox" });
const sandbox = await createSandbox({
  port: number("SANDBOX_PORT", 4010),
  host: env.SANDBOX_HOST || "127.0.0.1",
  rateLimits: env.SANDBOX_RATE_LIMITS === "off" ? false : undefined,
  statusIntervalMs: number("SANDBOX_STATUS_INTERVAL_MS", 15_000),
  seed: number("SANDBOX_SEED", 1),
  stateFile: env.SANDBOX_STATE_FILE || undefined,
  faults: {
    latencyMs: number("SANDBOX_LATENCY_MS", 0),
    jitterMs: number("SANDBOX_JITTER_MS", 0),
    errorRate: number("SANDBOX_ERROR_RATE", 0),
    hangRate: number("SANDBOX_HANG_RATE", 0),
    dropAfterCommitRate: number("SANDBOX_DROP_RATE", 0),
  },
  logger,
  behaviour,
});

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, "sandbox stopping");
    void sandbox.close().then(() => process.exit(0));
  });
}
console.log(
  `Sandbox shipping service at ${sandbox.url}  (try: curl -H "authorization: biteship_test.demo" ${sandbox.url}/v1/couriers)`,
);
