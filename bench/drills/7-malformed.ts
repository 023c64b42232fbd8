import { Stack } from "../stack.ts";
import {
  LATENCY,
  newOrder,
  paced,
  rng,
  shipmentRows,
  shopsFor,
  waitUntil,
  type Order,
} from "./shared.ts";

/** Drill 7: Malformed or unusual orders (run by bench/drill.ts). */
/** Store orders as Shopify might send them on a bad day: fields missing, null, oddly typed, extreme. */
function unusualOrder(random: () => number, i: number): Order {
  const base = newOrder();
  const address = { ...(base.shipping_address as Record<string, unknown>) };
  const items = (base.line_items as Record<string, unknown>[]).map((l) => ({ ...l }));
  const mutations: ((o: Order) => void)[] = [
    (o) => delete o.shipping_address,
    (o) => (o.shipping_address = null),
    (o) => (o.shipping_address = { ...address, zip: null }),
    (o) => (o.shipping_address = { ...address, zip: "ABCDE" }),
    (o) => (o.shipping_address = { ...address, phone: null }),
    (o) => (o.shipping_address = { ...address, address1: "" }),
    (o) => (o.shipping_address = { ...address, country_code: "US", zip: "10001" }),
    (o) => (o.shipping_address = { ...address, latitude: "not a number" }),
    (o) => (o.line_items = []),
    (o) => (o.line_items = items.map((l) => ({ ...l, requires_shipping: false }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, quantity: -1 }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, quantity: "two" }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, quantity: 100_000 }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, grams: 0 }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, grams: 5_000_000 }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, price: "free" }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, title: "🎁".repeat(300), name: null }))),
    (o) => (o.line_items = "not a list"),
    (o) => (o.customer = null),
    (o) => (o.customer = { id: "not-a-number" }),
    (o) => (o.name = 12345),
    (o) => ((o as Record<string, unknown>).id = String(o.id)),
    (o) => (o.tags = ["a", "b", 3]),
    (o) => (o.total_price = "NaN"),
    (o) => (o.shipping_lines = [{ code: null, title: null }]),
    (o) =>
      (o.refunds = [
        { refund_line_items: items.map((l) => ({ line_item_id: l.id, quantity: l.quantity })) },
      ]),
    (o) => Object.assign(o, { unexpected: { nested: [1, 2, 3] }, note: "x".repeat(20_000) }),
    (o) =>
      (o.line_items = items.map((l) => ({ ...l, product_id: null, variant_id: null, sku: null }))),
    () => {},
  ];
  // One to three mutations each, chosen by the seeded generator.
  const count = 1 + Math.floor(random() * 3);
  for (let k = 0; k < count; k++) mutations[Math.floor(random() * mutations.length)]!(base);
  base.name = typeof base.name === "string" ? `#U${i}` : base.name;
  return base;
}

export async function drillMalformed() {
  const stack = await Stack.start({
    name: "drill7",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
  });
  try {
    const shops = await shopsFor(stack, "odd", 4);
    const names = shops.map((s) => s.shop);
    const random = rng(7);
    const n = 1000;
    const orders = Array.from({ length: n }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: unusualOrder(random, i),
    }));
    const answers = await paced(
      orders,
      100,
      async (o) => (await stack.deliver("orders/create", o.shop, o.order)).status,
    );
    const non2xx = answers.filter((s) => s !== 200).length;
    const finalStates = ["confirmed", "not_required", "cancelled"];
    await waitUntil(
      "drill 7",
      stack,
      async () => {
        const { rows } = await stack.pool.query<{ n: string }>(
          "SELECT count(*) AS n FROM shipments WHERE shop = ANY($1) AND (status = ANY($2) OR problem IS NOT NULL)",
          [names, finalStates],
        );
        return {
          done: Number(rows[0]!.n) === n && (await stack.backlog()) === 0,
          text: `${rows[0]!.n}/${n} settled`,
        };
      },
      600,
    );
    const { rows } = await stack.pool.query<{ status: string; attention: boolean; n: string }>(
      "SELECT status, problem IS NOT NULL AS attention, count(*) AS n FROM shipments WHERE shop = ANY($1) GROUP BY 1, 2 ORDER BY 1, 2",
      [names],
    );
    const { rows: unexplained } = await stack.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM shipments WHERE shop = ANY($1) AND NOT (status = ANY($2)) AND (problem IS NULL OR problem = '')",
      [names, finalStates],
    );
    const { rows: reasons } = await stack.pool.query<{ problem: string; n: string }>(
      "SELECT left(problem, 90) AS problem, count(*) AS n FROM shipments WHERE shop = ANY($1) AND problem IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 8",
      [names],
    );
    // Every problem is filed under a kind the merchant can filter by (none without, none "other").
    const { rows: kinds } = await stack.pool.query<{ kind: string; n: string }>(
      "SELECT coalesce(k, '(none)') AS kind, count(*) AS n FROM shipments LEFT JOIN LATERAL unnest(problem_kinds) AS k ON true WHERE shop = ANY($1) AND problem IS NOT NULL GROUP BY 1 ORDER BY 2 DESC",
      [names],
    );
    const unfiled = kinds
      .filter((k) => k.kind === "(none)" || k.kind === "other")
      .reduce((sum, k) => sum + Number(k.n), 0);
    const alive =
      stack.web.process.exitCode === null &&
      stack.workers.every((w) => w.process.exitCode === null);
    const rowsCount = (await shipmentRows(stack, names)).rows;
    const failed = await stack.failedJobs();
    return {
      pass:
        alive &&
        non2xx === 0 &&
        rowsCount === n &&
        Number(unexplained[0]!.n) === 0 &&
        unfiled === 0 &&
        failed === 0,
      storeOrders: n,
      non2xx,
      shipmentRows: rowsCount,
      processesAlive: alive,
      byStatus: rows.map((r) => ({
        status: r.status,
        needsAttention: r.attention,
        count: Number(r.n),
      })),
      withoutStateOrReason: Number(unexplained[0]!.n),
      topReasons: reasons.map((r) => ({ reason: r.problem, count: Number(r.n) })),
      problemsByKind: Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n)])),
      problemsWithoutKind: unfiled,
      failedJobs: failed,
    };
  } finally {
    await stack.stop();
  }
}
