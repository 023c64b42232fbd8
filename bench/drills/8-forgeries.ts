import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { Queue } from "bullmq";
import { jobId } from "#app/jobs/definitions.ts";
import { signDelivery } from "#fakes/shopify/webhook-signer.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import { API_SECRET, LOG_DIR, Stack } from "../stack.ts";
import {
  LATENCY,
  confirmedAll,
  deliverLikeShopify,
  newOrder,
  pollFor,
  shopsFor,
  waitUntil,
} from "./shared.ts";

/** Drill 8: Forged requests; API keys at rest (run by bench/drill.ts). */
export async function drillForgeries() {
  const stack = await Stack.start({
    name: "drill8",
    sandbox: { faults: LATENCY },
    workers: 1,
    workerConcurrency: 20,
  });
  try {
    const [a, b] = await shopsFor(stack, "sec", 2);
    // Both shops have their offline sessions (Stack.addShop), so A's valid tokens pass; B's shipment is what A reaches for.
    const orderB = newOrder();
    await deliverLikeShopify(stack, "orders/create", b!.shop, orderB);
    await waitUntil("drill 8, B's shipment", stack, confirmedAll(stack, [b!.shop], 1), 60);
    const base = `http://127.0.0.1:${stack.webPort}`;
    const topics = [
      "orders/create",
      "orders/updated",
      "orders/cancelled",
      "app/uninstalled",
      "app/scopes_update",
      "customers/data_request",
      "customers/redact",
      "shop/redact",
    ];
    const body = {
      ...orderB,
      shop_domain: b!.shop,
      customer: { id: 1 },
      orders_to_redact: [orderB.id],
    };
    const refused: Record<string, number[]> = {};
    for (const topic of topics) {
      const raw = JSON.stringify(body);
      const wrongSecret = await stack.deliver(topic, b!.shop, body, {
        secret: "not-the-app-secret",
      });
      // A valid signature over another body: sign `raw`, send changed bytes.
      const tampered = await fetch(`${base}/webhooks/${topic}`, {
        method: "POST",
        headers: signDelivery({ topic, shop: b!.shop, body: raw, secret: API_SECRET }).headers,
        body: raw.replace(String(orderB.id), String(orderB.id + 1)),
      }).then((r) => r.status);
      const unsigned = await fetch(`${base}/webhooks/${topic}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shopify-topic": topic,
          "x-shopify-shop-domain": b!.shop,
        },
        body: raw,
      }).then((r) => r.status);
      refused[topic] = [wrongSecret.status, tampered, unsigned];
    }
    const accepted = (status: number) => status >= 200 && status < 300;
    const webhooksAccepted = Object.values(refused).flat().filter(accepted).length;

    // Genuine deliveries (Shopify's signature over the body) replayed with other headers: the
    // signature never covers them, so each must act on what the body says, or not at all.
    const genuineOrder = JSON.stringify(orderB);
    const replays = {
      // B's order body to shop/redact, with the route's topic header or its own.
      orderAsShopRedact: (
        await stack.deliver("shop/redact", b!.shop, null, { rawBody: genuineOrder })
      ).status,
      orderAsShopRedactOwnTopic: (
        await stack.deliver("shop/redact", b!.shop, null, {
          rawBody: genuineOrder,
          topicHeader: "orders/create",
        })
      ).status,
      // B's genuine shop/redact body while B is installed.
      shopRedactWhileInstalled: (
        await stack.deliver("shop/redact", b!.shop, { shop_id: 1, shop_domain: b!.shop })
      ).status,
      // A's customers/redact body sent naming B.
      customersRedactOfAnotherShop: (
        await stack.deliver("customers/redact", b!.shop, {
          shop_id: 2,
          shop_domain: a!.shop,
          customer: { id: 1 },
          orders_to_redact: [orderB.id],
        })
      ).status,
      // B's order body sent as orders/cancelled: no cancelled_at.
      orderAsCancelled: (
        await stack.deliver("orders/cancelled", b!.shop, null, { rawBody: genuineOrder })
      ).status,
    };
    await new Promise((r) => setTimeout(r, 1_000));
    const { rows: afterReplays } = await stack.pool.query<{
      status: string;
      destination_name: string | null;
    }>("SELECT status, destination_name FROM shipments WHERE shop = $1", [b!.shop]);
    const bIntact =
      afterReplays.length === 1 &&
      afterReplays[0]!.status === "confirmed" &&
      !/redact|removed/i.test(afterReplays[0]!.destination_name ?? "");
    const bAtService = [...stack.sandbox.service.account(b!.key).orders.values()].every(
      (o) => o.status !== "cancelled",
    );
    const replaysActedOn = bIntact && bAtService ? 0 : 1;

    // A paid order of A, sent (body and signature as Shopify made them for A) naming B: B's Admin
    // API does not hold it, so B's shipment is disowned, holds none of it, and nothing is drafted
    // or booked on B's key.
    const orderOfA = { ...newOrder(), financial_status: "paid" };
    const foreignStatus = (
      await stack.deliver("orders/create", a!.shop, orderOfA, { shopHeader: b!.shop })
    ).status;
    const foreign = await pollFor(30, async () => {
      const { rows: found } = await stack.pool.query<{
        status: string;
        disowned: boolean;
        destination_name: string | null;
        payloads: string;
      }>(
        "SELECT status, disowned_at IS NOT NULL AS disowned, destination_name, (SELECT count(*) FROM webhook_inbox WHERE shop = $1 AND resource_id = $2 AND payload IS NOT NULL) AS payloads FROM shipments WHERE shop = $1 AND order_id = $2",
        [b!.shop, String(orderOfA.id)],
      );
      return found[0]?.disowned ? found[0] : undefined;
    });
    const foreignRef = referenceIdFor(b!.shop, String(orderOfA.id));
    const foreignAtService = [...stack.sandbox.service.account(b!.key).drafts.values()].filter(
      (d) => d.spec.referenceId === foreignRef,
    ).length;
    const foreignOrderActedOn =
      foreignStatus === 200 &&
      foreign?.status === "not_required" &&
      foreign.destination_name === null &&
      foreign.payloads === "0" &&
      foreignAtService === 0
        ? 0
        : 1;

    // A paid order of a shop that never installed the app: recorded, nothing else (no shop row,
    // no shipment, nothing at the service).
    const stranger = `stranger-${crypto.randomBytes(3).toString("hex")}.myshopify.com`;
    const strangerStatus = (
      await stack.deliver("orders/create", stranger, { ...newOrder(), financial_status: "paid" })
    ).status;
    const { rows: strangerRows } = await stack.pool.query<{
      shops: string;
      shipments: string;
      payloads: string;
    }>(
      "SELECT (SELECT count(*) FROM shops WHERE shop = $1) AS shops, (SELECT count(*) FROM shipments WHERE shop = $1) AS shipments, (SELECT count(*) FROM webhook_inbox WHERE shop = $1 AND payload IS NOT NULL) AS payloads",
      [stranger],
    );
    const strangerActedOn =
      strangerStatus === 200 &&
      strangerRows[0]!.shops === "0" &&
      strangerRows[0]!.shipments === "0" &&
      strangerRows[0]!.payloads === "0"
        ? 0
        : 1;

    // Fifty service events for B's shipment, each with other unsigned fields: one sync at a time
    // (one running, one waiting), so the burst makes a few jobs (the worker finishes some while
    // the rest arrive), not fifty. How many depends on how many syncs end while the burst is
    // still arriving (7 to 11 seen on two cores): the check is "well under one per event".
    const { rows: bShipment } = await stack.pool.query<{ id: string; shipping_order_id: string }>(
      "SELECT id, shipping_order_id FROM shipments WHERE shop = $1",
      [b!.shop],
    );
    const eventsUrlOfB = await stack.eventsUrl(b!.shop);
    const eventStatuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(eventsUrlOfB, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            event: "order.status",
            order_id: bShipment[0]!.shipping_order_id,
            status: "allocated",
            order_price: 10_000 + i,
            courier_waybill_id: `W${i}`,
          }),
        }).then((r) => r.status),
      ),
    );
    const queue = new Queue("shipments", { connection: stack.redis, prefix: stack.prefix });
    const syncJobsOfB = async () =>
      (await queue.getJobs(["waiting", "prioritized", "delayed", "active", "completed"])).filter(
        (j) => j.name === "sync-status" && j.data.shipmentId === bShipment[0]!.id,
      ).length;
    const syncJobs = await syncJobsOfB();
    // Once the burst's syncs are done (none running or waiting for B's shipment): B's order sent at
    // A's own events URL is answered as an unknown order is, and queues no sync for B.
    const syncPending = async () =>
      Boolean(await queue.getDeduplicationJobId(jobId("sync", bShipment[0]!.id)));
    for (let i = 0; i < 300 && (await syncPending()); i++)
      await new Promise((r) => setTimeout(r, 100));
    const settledSyncJobs = await syncJobsOfB();
    const event = (url: string, orderId: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event: "order.status", order_id: orderId, status: "picked" }),
      }).then(async (r) => `${r.status} ${await r.text()}`);
    const eventsUrlOfA = await stack.eventsUrl(a!.shop);
    const crossShopEvent = await event(eventsUrlOfA, bShipment[0]!.shipping_order_id);
    const unknownOrderEvent = await event(eventsUrlOfA, "0123456789abcdef01234567");
    await new Promise((r) => setTimeout(r, 500));
    const crossShopEventActedOn =
      ((await syncPending()) ? 1 : 0) + (await syncJobsOfB()) - settledSyncJobs;
    // The URL without a shop's token (where events went before): no event is taken there.
    const eventWithoutToken = Number(
      (await event(`${base}/webhooks/shipping`, bShipment[0]!.shipping_order_id)).split(" ")[0],
    );
    await queue.close();
    const eventBig = await fetch(`${base}/webhooks/shipping`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(100 * 1024),
    }).then((r) => r.status);
    // The admin extensions' CORS preflight on both API routes.
    const preflight = async (pathname: string) =>
      (
        await fetch(`${base}${pathname}`, {
          method: "OPTIONS",
          headers: {
            "user-agent":
              "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
            origin: "https://extensions.shopifycdn.com",
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization,content-type",
          },
        })
      ).status;
    const preflights = {
      bulk: await preflight("/api/shipments/bulk"),
      order: await preflight(`/api/orders/${orderB.id}/shipment`),
    };
    // The embedded admin's document loads with a bad id_token: a bounce to a fresh token or a 4xx.
    const host = Buffer.from(`admin.shopify.com/store/${a!.shop.split(".")[0]}`).toString(
      "base64url",
    );
    const documentLoads: Record<string, number> = {};
    for (const [label, token] of Object.entries({
      garbage: "garbage",
      threeParts: "a.b.c",
      unsigned: "eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.abc",
      empty: "",
    })) {
      documentLoads[label] = (
        await fetch(`${base}/app?embedded=1&shop=${a!.shop}&host=${host}&id_token=${token}`, {
          redirect: "manual",
          headers: {
            "user-agent":
              "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
          },
        })
      ).status;
    }
    const documentLoads5xx = Object.values(documentLoads).filter((st) => st >= 500).length;
    // Session tokens, as the admin extension sends them from the browser (the library answers
    // 410 to requests that look like bots): expired, for another app, badly signed, none.
    const BROWSER = {
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
      origin: "https://extensions.shopifycdn.com",
    };
    const api = (token: string | null, orderId: number | string) =>
      fetch(`${base}/api/orders/${orderId}/shipment`, {
        redirect: "manual",
        headers: { ...BROWSER, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const now = Math.floor(Date.now() / 1000);
    const storeA = a!.shop.replace(".myshopify.com", "");
    const expired = (
      await getJwt(storeA, "bench-app", API_SECRET, {
        exp: now - 60,
        nbf: now - 3600,
        iat: now - 3600,
      })
    ).token;
    const wrongAudience = (await getJwt(storeA, "another-app", API_SECRET)).token;
    const wrongSecret = (await getJwt(storeA, "bench-app", "another-apps-secret")).token;
    const valid = (await getJwt(storeA, "bench-app", API_SECRET)).token;
    const tokens = {
      expired: (await api(expired, orderB.id)).status,
      wrongAudience: (await api(wrongAudience, orderB.id)).status,
      wrongSignature: (await api(wrongSecret, orderB.id)).status,
      none: (await api(null, orderB.id)).status,
    };
    const tokensAccepted = Object.values(tokens).filter(accepted).length;
    // A's valid token on B's order: A sees no shipment (B's is not reachable through A).
    const crossShop = await api(valid, orderB.id);
    const crossBody = (await crossShop.json().catch(() => null)) as { shipment?: unknown } | null;
    const bulk = await fetch(`${base}/api/shipments/bulk`, {
      method: "POST",
      headers: { ...BROWSER, authorization: `Bearer ${valid}`, "content-type": "application/json" },
      body: JSON.stringify({ action: "confirm", orderIds: [String(orderB.id)] }),
    });
    const bulkBody = (await bulk.json().catch(() => null)) as {
      results?: { ok: boolean }[];
    } | null;
    // A's token must be accepted (else the check proves nothing), and show nothing of B's.
    const crossShopLeaks =
      (crossShop.status === 200 && crossBody?.shipment ? 1 : 0) +
      (bulkBody?.results?.some((r) => r.ok) ? 1 : 0);
    const validTokenAccepted = crossShop.status === 200 && bulk.status === 200;

    // Secrets at rest: the keys in clear must appear nowhere in Redis, the logs or the job data.
    const secrets = [a!.key, b!.key];
    let redisHits = 0;
    let cursor = "0";
    let scanned = 0;
    do {
      const [next, keys] = await stack.redis.scan(
        cursor,
        "MATCH",
        `${stack.prefix}:*`,
        "COUNT",
        500,
      );
      cursor = next;
      for (const key of keys) {
        scanned++;
        const type = await stack.redis.type(key);
        const values =
          type === "hash"
            ? Object.entries(await stack.redis.hgetall(key)).flat()
            : type === "string"
              ? [await stack.redis.get(key)]
              : type === "list"
                ? await stack.redis.lrange(key, 0, -1)
                : type === "zset"
                  ? await stack.redis.zrange(key, 0, -1)
                  : type === "stream"
                    ? JSON.stringify(await stack.redis.xrange(key, "-", "+"))
                    : [];
        const text = [key, ...(Array.isArray(values) ? values : [values])].join("\n");
        if (secrets.some((s) => text.includes(s.split(".")[1]!))) redisHits++;
      }
    } while (cursor !== "0");
    const logFiles = fs
      .readdirSync(LOG_DIR)
      .filter((f) => f.startsWith("drill"))
      .map((f) => path.join(LOG_DIR, f));
    const logHits = logFiles.filter((f) =>
      secrets.some((s) => fs.readFileSync(f, "utf8").includes(s.split(".")[1]!)),
    ).length;
    const { rows } = await stack.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM shops WHERE shipping_api_key_encrypted LIKE '%' || split_part($1, '.', 2) || '%'",
      [a!.key],
    );
    const pass =
      webhooksAccepted === 0 &&
      replaysActedOn === 0 &&
      foreignOrderActedOn === 0 &&
      strangerActedOn === 0 &&
      eventStatuses.every((st) => st === 200) &&
      syncJobs >= 1 &&
      syncJobs < 25 &&
      eventBig === 413 &&
      crossShopEvent === unknownOrderEvent &&
      crossShopEventActedOn === 0 &&
      eventWithoutToken === 410 &&
      documentLoads5xx === 0 &&
      preflights.bulk === 204 &&
      preflights.order === 204 &&
      tokensAccepted === 0 &&
      validTokenAccepted &&
      crossShopLeaks === 0 &&
      redisHits === 0 &&
      logHits === 0 &&
      Number(rows[0]!.n) === 0;
    return {
      pass,
      webhookStatuses: refused,
      webhooksAccepted,
      replayStatuses: replays,
      replaysActedOn,
      orderOfAnotherShop: {
        status: foreignStatus,
        shipment: foreign ?? null,
        draftsOnTheKey: foreignAtService,
      },
      foreignOrderActedOn,
      strangerDelivery: { status: strangerStatus, ...strangerRows[0] },
      strangerActedOn,
      serviceEvents: {
        sent: 50,
        answered200: eventStatuses.filter((st) => st === 200).length,
        syncJobs,
        over64kb: eventBig,
        bOrderAtAsUrl: crossShopEvent,
        unknownOrderAtAsUrl: unknownOrderEvent,
        crossShopEventActedOn,
        withoutToken: eventWithoutToken,
      },
      documentLoads,
      documentLoads5xx,
      preflights,
      sessionTokenStatuses: tokens,
      tokensAccepted,
      validTokenAccepted,
      crossShop: {
        status: crossShop.status,
        shipmentReturned: !!crossBody?.shipment,
        bulkStatus: bulk.status,
        bulkResults: bulkBody?.results ?? null,
      },
      crossShopLeaks,
      redisKeysScanned: scanned,
      redisKeysWithAKey: redisHits,
      logFilesScanned: logFiles.length,
      logFilesWithAKey: logHits,
      keyInClearInDatabase: Number(rows[0]!.n),
    };
  } finally {
    await stack.stop();
  }
}
