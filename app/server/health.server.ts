import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { RedisConnection } from "../platform/redis.server";
import { sql } from "drizzle-orm";
import { executedRows, type Db } from "../db/client.server";
import { byDeadline } from "../platform/deadline";
import { getEnv } from "../platform/env.server";
import { headerOf, type HeaderGetter } from "../platform/http.server";
import { METRICS_CONTENT_TYPE, metricsText } from "../platform/metrics.server";
import { whenReady } from "../platform/redis.server";
import { sameSecret } from "../secrets/crypto.server";

/**
 * The operator's three questions, answered by the web server (ahead of Remix, server.ts) and by
 * the worker's health port (WORKER_HEALTH_PORT):
 *  - `GET /healthz`: the process is alive (200, nothing checked);
 *  - `GET /readyz`: it can work: the database answers, every migration of `drizzle/` is applied,
 *    Redis answers; 503 with which of them is not, each check given 2 s;
 *  - `GET /metrics`: Prometheus's text (app/platform/metrics.server.ts); with METRICS_TOKEN set, only for
 *    `Authorization: Bearer <METRICS_TOKEN>`.
 */
export interface HealthAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface ReadinessDeps {
  db: Db;
  redis: RedisConnection;
  /** The migrations folder (its meta/_journal.json names the newest migration). */
  migrationsFolder?: string;
}

const CHECK_MS = 2_000;

const within = <T>(work: Promise<T>, what: string): Promise<T> =>
  byDeadline(work, Date.now() + CHECK_MS, Date.now, `${what} did not answer within ${CHECK_MS} ms`);

/** The newest migration's timestamp in the folder's journal (what drizzle records once applied). */
function newestMigration(folder: string): { tag: string; when: number } {
  const journal = JSON.parse(
    fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string; when: number }[] };
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error("the migrations journal is empty");
  return newest;
}

export async function readiness(deps: ReadinessDeps): Promise<HealthAnswer> {
  const checks: Record<string, string> = {};
  const run = async (name: string, check: () => Promise<void>) => {
    try {
      await within(check(), name);
      checks[name] = "ok";
    } catch (error) {
      checks[name] = (error as Error).message;
    }
  };
  await Promise.all([
    run("database", async () => {
      await deps.db.execute(sql`SELECT 1`);
    }),
    run("migrations", async () => {
      const newest = newestMigration(deps.migrationsFolder ?? path.resolve("drizzle"));
      const result = await deps.db.execute(
        sql`SELECT max(created_at)::bigint AS last FROM drizzle.__drizzle_migrations`,
      );
      const rows = executedRows<{ last: unknown }>(result);
      const last = Number(rows[0]?.last ?? 0);
      if (last < newest.when)
        throw new Error(`not applied up to ${newest.tag}: run npm run db:migrate`);
    }),
    run("redis", async () => {
      // A connection still being made (the process's first probe) is waited for, briefly.
      if (!(await whenReady(deps.redis, CHECK_MS - 250)))
        throw new Error(`Redis connection ${deps.redis.status}`);
      await deps.redis.ping();
    }),
  ]);
  const ok = Object.values(checks).every((c) => c === "ok");
  return {
    status: ok ? 200 : 503,
    contentType: "application/json",
    body: JSON.stringify({ ok, checks }),
  };
}

/** The answer to a health path, or null for any other path. */
export async function answerHealth(
  method: string,
  pathname: string,
  header: HeaderGetter,
  deps: () => ReadinessDeps,
  metricsToken = getEnv().METRICS_TOKEN,
): Promise<HealthAnswer | null> {
  if (!["/healthz", "/readyz", "/metrics"].includes(pathname)) return null;
  if (method !== "GET" && method !== "HEAD")
    return { status: 405, contentType: "application/json", body: '{"error":"GET only"}' };
  if (pathname === "/healthz")
    return { status: 200, contentType: "application/json", body: '{"ok":true}' };
  if (pathname === "/readyz") return readiness(deps());
  if (metricsToken && !sameSecret(header("authorization") ?? "", `Bearer ${metricsToken}`))
    return {
      status: 401,
      contentType: "application/json",
      body: '{"error":"Bearer token needed"}',
    };
  return { status: 200, contentType: METRICS_CONTENT_TYPE, body: await metricsText() };
}

/**
 * Why a process must not start serving /metrics: in production, only with METRICS_TOKEN (the
 * queues' depths and the webhooks' counts are nobody else's business). Null when it may.
 */
export function metricsRefusal(env: { NODE_ENV: string; METRICS_TOKEN?: string }): string | null {
  return env.NODE_ENV === "production" && !env.METRICS_TOKEN
    ? "METRICS_TOKEN is not set: in production /metrics answers only its bearer (at least 16 characters, e.g. `openssl rand -hex 24`)"
    : null;
}

/**
 * The worker's health port: the same three paths on a server of their own, on loopback unless
 * the operator names another address (WORKER_HEALTH_HOST).
 */
export function serveHealth(
  port: number,
  deps: () => ReadinessDeps,
  host = "127.0.0.1",
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? "").split("?")[0]!;
    answerHealth(req.method ?? "GET", pathname, headerOf(req), deps).then(
      (answer) => {
        const a = answer ?? {
          status: 404,
          contentType: "application/json",
          body: '{"error":"Not found"}',
        };
        res.writeHead(a.status, { "content-type": a.contentType });
        res.end(req.method === "HEAD" ? undefined : a.body);
      },
      (error: Error) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: error.message }));
      },
    );
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
