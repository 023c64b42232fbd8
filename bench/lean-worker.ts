/**
 * The least work any correct worker must do for one shipment, as its own process (plain node; Node
 * strips the types): the yardstick of the cost benchmark (`PARTS=cost`, bench/pipeline.ts), run on
 * the same machine, Redis, PostgreSQL, sandbox and fake Shopify as the app's worker, right after it.
 *
 * Per shipment: two BullMQ jobs (draft, then confirm); two calls at the shipping service (create
 * the draft, confirm it); one Admin GraphQL read of the order before drafting (the app's own
 * OrderForShipping document: whose order, its fulfillment orders, its products) and one mutation
 * after booking (the app's status metafields document); four SQL statements (each job reads its
 * row, and saves its outcome with the timeline event in one statement). Conditional updates keep
 * a job that runs twice from booking twice. What it leaves out is what makes the app a product:
 * the mapping's checks, courier choice, rate limits, problems a merchant reads, fairness between
 * shops, retries with backoff.
 *
 * Environment: LEAN_DATABASE_URL, REDIS_URL, LEAN_PREFIX, LEAN_SANDBOX_URL, LEAN_KEY,
 * LEAN_ADMIN_URL (the fake Shopify's address), LEAN_SHOP, LEAN_TOKEN, LEAN_CONCURRENCY, LEAN_PACE.
 */
import { Queue, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { ORDER_FOR_SHIPPING_QUERY } from "#app/admin-api/operations/fulfillment-orders.ts";
import { METAFIELDS_SET } from "#app/admin-api/operations/metafields.ts";
import { ADMIN_API_VERSION } from "#app/admin-api/version.ts";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const pool = new pg.Pool({ connectionString: env("LEAN_DATABASE_URL"), max: 10 });
const prefix = env("LEAN_PREFIX");
const sandbox = env("LEAN_SANDBOX_URL");
const key = env("LEAN_KEY");
const shop = env("LEAN_SHOP");
const token = env("LEAN_TOKEN");
const adminUrl = `${env("LEAN_ADMIN_URL")}/${shop}/admin/api/${ADMIN_API_VERSION}/graphql.json`;
const concurrency = Number(process.env.LEAN_CONCURRENCY ?? 10);
/**
 * How it keeps to the service's documented limit of a live key, 20 draft-order calls a second (a
 * draft and a confirmation each): "bullmq" (the default), BullMQ's own limiter, at most 20 jobs
 * in each second, which lets them come in bursts; "even", as the app's limiter does it
 * (app/shipping/limiter.server.ts), a slot every 51 ms kept in Redis and waited for in the job;
 * "none", as fast as it goes.
 */
const PACE = process.env.LEAN_PACE ?? "bullmq";
if (!["bullmq", "even", "none"].includes(PACE)) throw new Error(`LEAN_PACE ${PACE}?`);

const redis = () => new Redis(env("REDIS_URL"), { maxRetriesPerRequest: null });
const confirmQueue = new Queue("lean", { connection: redis(), prefix });

async function service(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox}${path}`, {
    method: "POST",
    headers: { authorization: key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function admin(query: string, variables: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(adminUrl, {
    method: "POST",
    headers: { "x-shopify-access-token": token, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (!response.ok || answer.errors || !answer.data)
    throw new Error(`Admin API: ${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

interface Row {
  id: string;
  order_id: string;
  status: string;
  draft_id: string | null;
  payload: {
    name: string;
    shipping_address: { name: string; phone: string; address1: string; zip: string };
    line_items: { name: string; price: string; quantity: number; grams: number }[];
  };
}

async function read(id: string): Promise<Row> {
  const { rows } = await pool.query<Row>({
    name: "lean_read",
    text: "SELECT id, order_id, status, draft_id, payload FROM lean_shipments WHERE id = $1",
    values: [id],
  });
  if (!rows[0]) throw new Error(`no lean shipment ${id}`);
  return rows[0];
}

/** Saves an outcome and its timeline event in one statement, only from the expected state. */
const SAVE = `WITH saved AS (
  UPDATE lean_shipments SET status = $3, draft_id = coalesce($4, draft_id),
    shipping_order_id = coalesce($5, shipping_order_id), version = version + 1, updated_at = now()
  WHERE id = $1 AND status = $2 RETURNING id)
INSERT INTO lean_events (shipment_id, type) SELECT id, $3 FROM saved RETURNING shipment_id`;

async function save(
  id: string,
  from: string,
  to: string,
  draftId: string | null,
  orderId: string | null,
): Promise<boolean> {
  const { rowCount } = await pool.query({
    name: "lean_save",
    text: SAVE,
    values: [id, from, to, draftId, orderId],
  });
  return rowCount === 1;
}

const paceRedis = PACE === "even" ? redis() : null;
/** The "even" pace: the key's next slot, 51 ms after the one before (Redis's clock), waited for. */
async function evenSlot(): Promise<void> {
  if (!paceRedis) return;
  const wait = (await paceRedis.eval(
    `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
redis.call('SET', KEYS[1], tostring(slot + 51), 'PX', 60000)
return math.ceil(slot - now)`,
    1,
    `${prefix}:pace`,
  )) as number;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

async function draft(job: Job<{ id: string }>): Promise<string> {
  await evenSlot();
  const row = await read(job.data.id);
  if (row.status !== "pending") return row.status;
  const { order } = await admin(ORDER_FOR_SHIPPING_QUERY, {
    id: `gid://shopify/Order/${row.order_id}`,
  });
  if (!order) throw new Error(`order ${row.order_id} is not the shop's`);
  const to = row.payload.shipping_address;
  const made = await service("/v1/draft_orders", {
    origin_contact_name: "Gudang Toko Maju",
    origin_contact_phone: "081234567890",
    origin_address: "Jl. Fatmawati 10, Cilandak, Jakarta Selatan",
    origin_postal_code: 12430,
    destination_contact_name: to.name,
    destination_contact_phone: to.phone.replace(/\D/g, ""),
    destination_address: to.address1,
    destination_postal_code: Number(to.zip),
    courier_company: "jne",
    courier_type: "reg",
    delivery_type: "now",
    reference_id: `lean-${row.order_id}`,
    items: row.payload.line_items.map((item) => ({
      name: item.name,
      value: Math.round(Number(item.price)),
      quantity: item.quantity,
      weight: item.grams,
    })),
  });
  if (await save(row.id, "pending", "draft_ready", String(made.id), null))
    await confirmQueue.add("confirm", { id: row.id }, { jobId: `confirm-${row.id}` });
  return "draft_ready";
}

async function confirm(job: Job<{ id: string }>): Promise<string> {
  await evenSlot();
  const row = await read(job.data.id);
  if (row.status !== "draft_ready" || !row.draft_id) return row.status;
  const booked = await service(`/v1/draft_orders/${row.draft_id}/confirm`, {});
  if (!(await save(row.id, "draft_ready", "confirmed", null, String(booked.id)))) return "gone";
  const status = JSON.stringify({ status: "confirmed", order: booked.id });
  await admin(METAFIELDS_SET, {
    metafields: [
      {
        ownerId: `gid://shopify/Order/${row.order_id}`,
        namespace: "$app:lean",
        key: "status",
        type: "json",
        value: status,
      },
    ],
  });
  return "confirmed";
}

const worker = new Worker(
  "lean",
  (job: Job<{ id: string }>) => (job.name === "draft" ? draft(job) : confirm(job)),
  {
    connection: redis(),
    prefix,
    concurrency,
    removeOnComplete: { count: 10_000 },
    ...(PACE === "bullmq" ? { limiter: { max: 20, duration: 1000 } } : {}),
  },
);
worker.on("failed", (job, error) => console.error(`lean ${job?.name} failed: ${error.message}`));
await worker.waitUntilReady();
console.log("lean worker ready");

process.on("SIGTERM", () => {
  paceRedis?.disconnect();
  void Promise.all([worker.close(), confirmQueue.close(), pool.end()]).then(() => process.exit(0));
});
