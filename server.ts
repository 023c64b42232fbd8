/**
 * The production web server (`npm start`): the Remix build behind Express, with two additions
 * over remix-serve:
 *
 * - Shopify's order webhooks (the only high-volume requests: a flash sale sends hundreds a
 *   second) go straight to `acceptOrderDelivery` with their raw body, without Express, Remix's
 *   route matching or request objects, and so do the checkout's rate requests (Shopify gives them
 *   seconds at most) to `answerRateRequest`. Everything else, including the other webhook topics,
 *   is served by Remix. The same functions serve those routes under `npm run dev`.
 * - Every request body is capped before anything reads it: a declared length over MAX_BODY_BYTES
 *   answers 413 without reading the body, and a body without a declared length (chunked) answers
 *   411, so no route (Remix reads whole bodies) ever buffers more than the cap. Order webhook paths
 *   match after normalising the path (a trailing slash); other methods on them answer 405.
 * - SIGTERM/SIGINT stop accepting connections, let requests in flight finish (up to
 *   SHUTDOWN_GRACE_MS), close Redis and the database pool, and exit.
 *
 * Node's own fetch API (Request, Response) is used, not Remix's polyfills.
 */
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

import type * as EntryModule from "./app/entry.server";

/** What app/entry.server.tsx exports for this server (types only: the values come from the build). */
type EntryExports = Pick<
  typeof EntryModule,
  | "acceptOrderDelivery"
  | "ORDER_TOPICS"
  | "closeWebResources"
  | "checkStartup"
  | "answerRateRequest"
  | "CARRIER_SERVICE_PATH"
>;
type OrderTopic = EntryExports["ORDER_TOPICS"][number];

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
/** Shopify's order payloads are a few kilobytes, the app's own forms less: no request body may be larger. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

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

const orderRoutes = new Map(entry.ORDER_TOPICS.map((topic) => [`/webhooks/${topic}`, topic]));

function answer(res: http.ServerResponse, status: number, error?: string) {
  if (error) {
    const body = JSON.stringify({ error });
    res
      .writeHead(status, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      })
      .end(body);
  } else {
    res.writeHead(status, { "content-length": 0 }).end();
  }
}

/** The body is at most MAX_BODY_BYTES: its declared length was checked, and Node delivers no more than that. */
function acceptOrderWebhook(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  topic: OrderTopic,
) {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    entry.acceptOrderDelivery(topic, rawBody, header).then(
      (a) => answer(res, a.status, a.error),
      (error: Error) => {
        // Not recorded (database unreachable…): Shopify retries on 5xx.
        console.error(
          JSON.stringify({
            level: "error",
            msg: "order webhook failed",
            topic,
            err: error.message,
          }),
        );
        answer(res, 500, "Could not record the delivery, retry later");
      },
    );
  });
}

/** A rate request from the checkout: always answered (see answerRateRequest), JSON. */
function answerRates(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const reply = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res
        .writeHead(status, {
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(text),
        })
        .end(text);
    };
    entry.answerRateRequest(Buffer.concat(chunks).toString("utf8"), header).then(
      (a) => reply(a.status, a.body),
      (error: Error) => {
        console.error(
          JSON.stringify({ level: "error", msg: "rate request failed", err: error.message }),
        );
        reply(200, { rates: [] });
      },
    );
  });
}

/** Refuses a request and closes its connection without reading the body it announced. */
function refuseUnread(res: http.ServerResponse, status: number, error: string) {
  res.setHeader("connection", "close");
  answer(res, status, error);
}

const server = http.createServer((req, res) => {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES)
    return refuseUnread(res, 413, `Request body larger than ${MAX_BODY_BYTES} bytes`);
  if (declared === undefined && req.headers["transfer-encoding"] !== undefined)
    return refuseUnread(res, 411, "A request body needs a Content-Length");
  const pathname = (req.url ?? "").split("?")[0]!.replace(/\/+$/, "");
  const topic = orderRoutes.get(pathname);
  if (pathname === entry.CARRIER_SERVICE_PATH && req.method === "POST") answerRates(req, res);
  else if (topic && req.method === "POST") acceptOrderWebhook(req, res, topic);
  else if (topic) {
    res.setHeader("allow", "POST");
    refuseUnread(res, 405, "Order webhooks are POST only");
  } else app(req, res);
});
server.keepAliveTimeout = 65_000;
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
