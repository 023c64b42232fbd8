/**
 * One webhook delivery posted as Shopify posts it, timed from the moment it leaves until the
 * answer's end; signed by fakes/shopify/webhook-signer.ts. Shared by the bench stack's `deliver`
 * and the delivery thread (bench/delivery-thread.ts), which signs its bodies before a run and
 * posts them during it; node modules only, so a worker thread loads it as it is.
 */
import http from "node:http";
import type { SignedDelivery } from "#fakes/shopify/webhook-signer.ts";

/** Posts a signed delivery to 127.0.0.1; status 0 when no answer came (error or 10 s timeout). */
export function postDelivery(
  agent: http.Agent,
  target: { port: number; path: string },
  delivery: SignedDelivery,
  triggeredAt = new Date(),
): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        path: target.path,
        method: "POST",
        agent,
        headers: {
          ...delivery.headers,
          "content-length": Buffer.byteLength(delivery.body),
          "x-shopify-triggered-at": triggeredAt.toISOString(),
        },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end(delivery.body);
  });
}
