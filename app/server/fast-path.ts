import type http from "node:http";
import { headerOf, type HeaderGetter } from "../platform/http.server";
import { routedPath } from "../platform/http-url";
import type { WebhookAnswer } from "../webhooks/received";

/**
 * The production server's fast path (server.ts): Shopify's webhooks (a flash sale sends hundreds
 * of order deliveries a second) and the checkout's rate requests (Shopify gives them seconds at
 * most) are answered straight from Node's request, without Express, Remix's route matching or
 * request objects. The webhooks go to the same intake as their Remix routes
 * (app/webhooks/intake.server.ts), which `npm run dev` serves; everything else goes to `next`.
 *
 * Every request body is capped before anything reads it: a declared length over MAX_BODY_BYTES
 * (RATES_MAX_BODY_BYTES for the rate requests, which anyone can send: their signature is checked
 * only once the body is read) answers 413 without reading the body, and a body without a declared
 * length (chunked) answers 411, so no route (Remix reads whole bodies) ever buffers more than the
 * cap. Webhook paths match
 * after normalising the path (a trailing slash); other methods on them answer 405.
 *
 * Framework-free and given its handlers: server.ts passes the production build's (so that one
 * copy of the app's modules serves both doors), the tests pass the app's modules directly.
 */
export interface FastPathHandlers {
  takeWebhook(topic: string, rawBody: string, header: HeaderGetter): Promise<WebhookAnswer>;
  webhookTopicOfPath(pathname: string): string | null;
  answerRateRequest(
    rawBody: string,
    header: HeaderGetter,
    token: string | null,
  ): Promise<{ status: number; body: unknown }>;
  CARRIER_SERVICE_PATH: string;
  /** GET /healthz, /readyz and /metrics (app/server/health.server.ts); null for any other path. */
  answerWebHealth?(
    method: string,
    pathname: string,
    header: HeaderGetter,
  ): Promise<{ status: number; contentType: string; body: string } | null>;
}

const HEALTH_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** Shopify's order payloads are a few kilobytes, the app's own forms less: no request body may be larger. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** A checkout's rate request is a few kilobytes (an address and the cart's items). */
export const RATES_MAX_BODY_BYTES = 64 * 1024;

export function fastPath(
  handlers: FastPathHandlers,
  next: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  log: (fields: Record<string, unknown>) => void = (fields) =>
    console.error(JSON.stringify({ level: "error", ...fields })),
): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => {
    const pathname = (req.url ?? "").split("?")[0]!.replace(/\/+$/, "");
    // Any spelling Remix would route to the rates action is the rates path, capped as it is.
    const rates = routedPath(pathname) === handlers.CARRIER_SERVICE_PATH;
    const cap = rates ? RATES_MAX_BODY_BYTES : MAX_BODY_BYTES;
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > cap)
      return refuseUnread(res, 413, `Request body larger than ${cap} bytes`);
    if (declared === undefined && req.headers["transfer-encoding"] !== undefined)
      return refuseUnread(res, 411, "A request body needs a Content-Length");
    if (rates && req.method === "POST") {
      return readBody(req, (rawBody) =>
        handlers.answerRateRequest(rawBody, headerOf(req), tokenOf(req.url ?? "")).then(
          (a) => json(res, a.status, a.body),
          (error: Error) => {
            // Always answered, and as a failure: Shopify shows the shop's backup rates and asks
            // again in 30 s (an empty 200 would be kept for 15 minutes as "cannot ship").
            log({ msg: "rate request failed", err: error.message });
            json(res, 503, { error: "rates failed" });
          },
        ),
      );
    }
    const topic = handlers.webhookTopicOfPath(pathname);
    if (!topic) {
      if (handlers.answerWebHealth && HEALTH_PATHS.has(pathname)) {
        req.resume();
        return void handlers.answerWebHealth(req.method ?? "GET", pathname, headerOf(req)).then(
          (a) => {
            if (!a) return next(req, res);
            res.writeHead(a.status, { "content-type": a.contentType });
            res.end(req.method === "HEAD" ? undefined : a.body);
          },
          (error: Error) => {
            log({ msg: "health answer failed", err: error.message });
            answer(res, 500, "Internal error");
          },
        );
      }
      return next(req, res);
    }
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return refuseUnread(res, 405, "Webhooks are POST only");
    }
    readBody(req, (rawBody) =>
      handlers.takeWebhook(topic, rawBody, headerOf(req)).then(
        (a) => answer(res, a.status, a.error),
        (error: Error) => {
          // The intake answers its own failures (intake.server.ts); a rejection here is a bug.
          log({ msg: "webhook intake threw", topic, err: error.message });
          answer(res, 500, "Internal error");
        },
      ),
    );
  };
}

/** The `token` parameter of a request's URL (the shop's callback token on the rates path). */
function tokenOf(url: string): string | null {
  const query = url.indexOf("?");
  return query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get("token");
}

/** The body is at most its cap: its declared length was checked, and Node delivers no more than that. */
function readBody(req: http.IncomingMessage, then: (rawBody: string) => void) {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => then(Buffer.concat(chunks).toString("utf8")));
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(text),
    })
    .end(text);
}

function answer(res: http.ServerResponse, status: number, error?: string) {
  if (error) json(res, status, { error });
  else res.writeHead(status, { "content-length": 0 }).end();
}

/** Refuses a request and closes its connection without reading the body it announced. */
function refuseUnread(res: http.ServerResponse, status: number, error: string) {
  res.setHeader("connection", "close");
  answer(res, status, error);
}
