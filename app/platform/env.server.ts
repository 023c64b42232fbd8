import { z } from "zod";
import { Keyring } from "../secrets/crypto.server";
import { loadDotEnv } from "./dotenv.server";

/**
 * The one description of the process environment, shared by the web app and the worker.
 * Imported first by both; a missing or malformed variable stops start-up with a message that
 * names it (see {@link parseEnv}).
 */
const port = z.coerce.number().int().min(0).max(65535);

const keyFrom = (value: string) =>
  /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
const KEY_FORMAT = "32 bytes, as 64 hex characters or base64 (openssl rand -hex 32)";

const encryptionKey = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const key = keyFrom(value);
    if (key.length !== 32) {
      ctx.addIssue({ code: "custom", message: `must be ${KEY_FORMAT}` });
      return z.NEVER;
    }
    return key;
  });

/** Comma-separated keys, the current one first: the previous ones still open what they sealed. */
const encryptionKeys = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const keys = value
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean)
      .map(keyFrom);
    if (keys.length === 0 || keys.some((k) => k.length !== 32)) {
      ctx.addIssue({ code: "custom", message: `must be keys of ${KEY_FORMAT}, comma-separated` });
      return z.NEVER;
    }
    return keys;
  });

/** A Redis Cluster's seed nodes, and the credentials and TLS their URLs give (the same for all). */
export interface RedisClusterNodes {
  nodes: { host: string; port: number }[];
  username?: string;
  password?: string;
  tls: boolean;
}

/** A seed as an error may print it: whatever precedes an "@" (a user and password) hidden. */
const withoutCredentials = (seed: string) => seed.replace(/^([a-z]+:\/\/)?[^@/]*@/i, "$1***@");

const redisClusterNodes = z
  .string()
  .trim()
  .transform((value, ctx): RedisClusterNodes => {
    const seeds = value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const cluster: RedisClusterNodes = { nodes: [], tls: false };
    for (const seed of seeds) {
      const url = URL.parse(/^[a-z]+:\/\//i.test(seed) ? seed : `redis://${seed}`);
      const port = Number(url?.port || 6379);
      if (!url || !/^rediss?:$/.test(url.protocol) || !url.hostname || !Number.isInteger(port)) {
        ctx.addIssue({
          code: "custom",
          message: `"${withoutCredentials(seed)}" is not host:port nor a redis:// or rediss:// URL`,
        });
        return z.NEVER;
      }
      cluster.nodes.push({ host: url.hostname.replace(/^\[|\]$/g, ""), port });
      if (url.protocol === "rediss:") cluster.tls = true;
      if (url.username) cluster.username ??= decodeURIComponent(url.username);
      if (url.password) cluster.password ??= decodeURIComponent(url.password);
    }
    if (cluster.nodes.length === 0) {
      ctx.addIssue({ code: "custom", message: "names no node (host:port, comma-separated)" });
      return z.NEVER;
    }
    return cluster;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  SHOPIFY_API_KEY: z.string().min(1),
  SHOPIFY_API_SECRET: z.string().min(1),
  SHOPIFY_APP_URL: z.url(),
  SCOPES: z.string().min(1),
  SHOP_CUSTOM_DOMAIN: z.string().optional(),
  /**
   * How long one Admin API call may take, its answer read (ms): past it the call is abandoned and
   * the job that made it retries later, so a Shopify that never answers holds one job, not a worker.
   */
  SHOPIFY_ADMIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),

  /** Real PostgreSQL. When unset, the embedded PGlite database in PGLITE_DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * Where migrations run, on a connection of their own holding a session lock (so that processes
   * starting together migrate once): PostgreSQL itself when DATABASE_URL is a transaction pooler
   * such as PgBouncer. Default: DATABASE_URL.
   */
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * Named prepared statements for the hottest queries (parsed once per connection). "false" behind
   * a pooler in transaction mode (PgBouncer 1.18), where a connection's statements may be gone on
   * the next transaction.
   */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["true", "false"], { message: 'must be "true" or "false"' })
    .default("true")
    .transform((v) => v === "true"),
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  /** Loopback port on which the process that opened PGlite shares it with the other processes. */
  PGLITE_PORT: port.default(5499),
  /**
   * Embedded only: a connection idle inside its transaction this long while others wait for the
   * single session has its transaction rolled back, with an error naming it (pglite-server.server.ts).
   */
  PGLITE_IDLE_IN_TRANSACTION_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),

  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .default("redis://127.0.0.1:6379"),
  /**
   * A Redis Cluster instead of REDIS_URL: comma-separated seed nodes, each `host:port`, or
   * `redis://` / `rediss://` (TLS) with `user:password@` when the cluster needs them. With it,
   * REDIS_URL is not used and QUEUE_PREFIX must carry a hash tag.
   */
  REDIS_CLUSTER_NODES: redisClusterNodes.optional(),
  /**
   * Prefix of every Redis key of the app, so that several deployments (or test runs) can share one
   * Redis. On a cluster it carries a hash tag (`{pb}`): every key then lives in one slot, as
   * BullMQ's scripts and the app's own (which touch several keys at once) require.
   */
  QUEUE_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]*(\{[A-Za-z0-9_-]+\}[A-Za-z0-9_-]*)?$/,
      "letters, digits, _ and -, with at most one {hash tag} (such as {pb})",
    )
    .min(1)
    .default("pb"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * The worker process's CPU niceness (0 normal, 19 lowest): on a machine web and worker share,
   * the web's acknowledgements go ahead of the worker's bookings (worker/priority.ts).
   */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Port of the worker's /healthz, /readyz and /metrics (app/server/health.server.ts); unset: none. */
  WORKER_HEALTH_PORT: port.optional(),
  /** Where the worker's health port listens: loopback unless the operator says (0.0.0.0: all). */
  WORKER_HEALTH_HOST: z.string().min(1).default("127.0.0.1"),
  /**
   * GET /metrics (web and worker) answers only `Authorization: Bearer <METRICS_TOKEN>`; required in
   * production (the web server and a worker with a health port refuse to start without it).
   */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * The SMTP server the worker sends the shops' daily summaries through (app/summary/), as a URL:
   * `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`; unset:
   * no summaries are sent, and the COD page says so.
   */
  SMTP_URL: z.url().optional(),
  /** The summaries' sender, as the SMTP server allows: `ParcelBridge <ringkasan@example.com>`. */
  MAIL_FROM: z.string().min(3).default("ParcelBridge <no-reply@localhost>"),
  /** How long a job's lock lasts; a job of a worker that died is retried after at most twice this. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** New store orders one shop may have queued in Redis; the rest wait in the database (reconciliation queues them). */
  SHOP_BACKLOG_LIMIT: z.coerce.number().int().min(10).max(1_000_000).default(5_000),
  /** Jobs one shop's merchant may have asked for through the app's API and still waiting; past it, 429. */
  SHOP_REQUESTED_JOBS_LIMIT: z.coerce.number().int().min(10).max(1_000_000).default(1_000),
  /** Import runs ("import open orders") reading a page at once across all shops; the others wait their turn. */
  IMPORTS_RUNNING_LIMIT: z.coerce.number().int().min(1).max(100).default(2),
  /** Requests per minute one shop may send to /api/* and the admin pages' actions (past it, 429 with Retry-After). */
  SHOP_REQUEST_RATE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** How many of those requests may come at once before the rate applies. */
  SHOP_REQUEST_BURST: z.coerce.number().int().min(1).max(1_000_000).default(120),

  /**
   * AES-256-GCM key that seals each shop's shipping API key and Shopify tokens at rest. With
   * ENCRYPTION_KEYS (current first, then previous keys) keys can be rotated; one of the two is
   * required. Parsed into one keyring, `Env.ENCRYPTION_KEY`.
   */
  ENCRYPTION_KEY: encryptionKey.optional(),
  ENCRYPTION_KEYS: encryptionKeys.optional(),

  /** Base URL of the shipping service for shops that did not choose another one. */
  SHIPPING_API_BASE_URL: z.url().default("http://127.0.0.1:4010"),
  SHIPPING_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),

  /**
   * Rates at checkout: the callback answers within this many ms whatever the service does (from
   * the cache, or with no rates). Shopify waits 10 s, 5 s or 3 s depending on the shop's volume.
   */
  CHECKOUT_RATES_DEADLINE_MS: z.coerce.number().int().min(200).max(9_000).default(2_000),
  /** How long a service's rates answer is reused for the same origin, destination, weight band and couriers; 0: not cached. */
  CHECKOUT_RATES_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),

  SANDBOX_PORT: port.default(4010),
});

/** The environment as the app reads it: ENCRYPTION_KEY is the keyring of ENCRYPTION_KEYS or ENCRYPTION_KEY. */
export type Env = Omit<z.infer<typeof envSchema>, "ENCRYPTION_KEY" | "ENCRYPTION_KEYS"> & {
  ENCRYPTION_KEY: Keyring;
};

/** Thrown when the environment does not satisfy {@link envSchema}; its message names each variable. */
export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings (a copied .env.example line left blank) mean "unset", so defaults apply.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  const lines = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "(environment)";
        const message =
          issue.code === "invalid_type" && cleaned[name] === undefined
            ? "is required but not set"
            : issue.message;
        return `  ${name}: ${message}`;
      });
  if (cleaned.ENCRYPTION_KEY === undefined && cleaned.ENCRYPTION_KEYS === undefined)
    lines.push("  ENCRYPTION_KEY: is required but not set (or ENCRYPTION_KEYS, to rotate keys)");
  if (result.success) {
    const { ENCRYPTION_KEY: single, ENCRYPTION_KEYS: several } = result.data;
    if (several && single && !several[0]!.equals(single))
      lines.push(
        "  ENCRYPTION_KEY: differs from the first of ENCRYPTION_KEYS (set one of them, or make ENCRYPTION_KEYS start with it)",
      );
  }
  if (result.success && result.data.REDIS_CLUSTER_NODES && !/\{.+\}/.test(result.data.QUEUE_PREFIX))
    lines.push(
      `  QUEUE_PREFIX: must carry a hash tag on a Redis Cluster (REDIS_CLUSTER_NODES is set), such as {${result.data.QUEUE_PREFIX}}: BullMQ's scripts use several keys of a queue at once, and a cluster runs a script only on keys of one slot`,
    );
  if (!result.success || lines.length > 0)
    throw new EnvError(`Invalid environment (see .env.example):\n${lines.join("\n")}`);
  const { ENCRYPTION_KEY: single, ENCRYPTION_KEYS: several, ...rest } = result.data;
  return { ...rest, ENCRYPTION_KEY: new Keyring(several ?? [single!]) };
}

let cached: Env | undefined;

/**
 * The parsed process environment, parsed once. `.env` fills what the environment lacks: the
 * Shopify CLI (`npm run dev`) sets the SHOPIFY_* variables but not ENCRYPTION_KEY and the rest.
 */
export function getEnv(): Env {
  if (!cached) {
    loadDotEnv();
    cached = parseEnv(process.env);
  }
  return cached;
}
