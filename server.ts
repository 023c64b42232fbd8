/**
 * The production web server (`npm start`): the Remix build behind Express, with two additions
 * over remix-serve:
 *
 * - The fast path (app/server/fast-path.ts): Shopify's webhooks and the checkout's rate requests are
 *   answered straight from Node's request, ahead of Express and Remix, by the same intake and
 *   rate functions as their Remix routes (which `npm run dev` serves); and every request body is
 *   capped (413/411) before anything reads it.
 * - Bounds on slow and numerous clients (app/server/server-limits.ts): seconds, not minutes, to send a
 *   request, and a connection cap (WEB_HEADERS_TIMEOUT_MS, WEB_REQUEST_TIMEOUT_MS,
 *   WEB_MAX_CONNECTIONS).
 * - SIGTERM/SIGINT stop accepting connections, let requests in flight finish (up to
 *   SHUTDOWN_GRACE_MS), close Redis and the database pool, and exit.
 *
 * Node's own fetch API (Request, Response) is used, not Remix's polyfills.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { fastPath } from "#app/server/fast-path.ts";
import { createLimitedServer, serverLimitsFrom } from "#app/server/server-limits.ts";

import type * as EntryModule from "#app/entry.server.tsx";

/** What app/entry.server.tsx exports for this server (types only: the values come from the build). */
type EntryExports = Pick<
  typeof EntryModule,
  | "takeWebhook"
  | "webhookTopicOfPath"
  | "closeWebResources"
  | "checkStartup"
  | "answerRateRequest"
  | "CARRIER_SERVICE_PATH"
  | "answerWebHealth"
>;

const buildPath = path.resolve(process.env.REMIX_BUILD ?? "build/server/index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
const entry = build.entry.module as unknown as EntryExports;
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const shutdownGraceMs = Number(process.env.SHUTDOWN_GRACE_MS || 10_000);
try {
  await entry.checkStartup();
} catch (error) {
  console.error(`[server] not starting: ${(error as Error).message}`);
  await entry.closeWebResources().catch(() => undefined);
  process.exit(1);
}
const app = express();
app.disable("x-powered-by");
app.use(compression());
const clientDir = path.join(path.dirname(buildPath), "..", "client");
// Fingerprinted assets: cached for a year. Other files of the client build: an hour.
app.use(
  "/assets",
  express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(clientDir, { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = createLimitedServer(fastPath(entry, app), serverLimitsFrom(process.env));
server.listen(port, host, () =>
  process.stdout.write(`[server] http://${host ?? "localhost"}:${port}\n`),
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`[server] ${signal}: finishing requests in flight\n`);
  const force = setTimeout(() => {
    console.error("[server] requests still open after the grace period; closing them");
    server.closeAllConnections();
  }, shutdownGraceMs);
  force.unref();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await entry.closeWebResources();
  process.exit(0);
}
process.once("SIGTERM", () => void stop("SIGTERM"));
process.once("SIGINT", () => void stop("SIGINT"));
