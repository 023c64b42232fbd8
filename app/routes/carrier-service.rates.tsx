import type { ActionFunctionArgs } from "@remix-run/node";
import { answerRateRequest } from "../checkout-rates/callback.server";
import { RATES_MAX_BODY_BYTES } from "../server/fast-path";
import { jsonResponse } from "../platform/http.server";

/** The request's body as text, or null once it passes `cap` bytes (the rest is not read). */
async function textUpTo(request: Request, cap: number): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? 0) > cap) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (;;) {
    const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader!.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * POST /carrier-service/rates, Shopify's rate requests for the checkout (the carrier service's
 * callback URL). The production server answers this path ahead of Remix (server.ts); this route
 * serves it under `npm run dev` and in tests, with the same function.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  // The cap the production server applies ahead of Remix (app/server/fast-path.ts), here too: a body
  // read only up to it, whatever its declared length.
  const body = await textUpTo(request, RATES_MAX_BODY_BYTES);
  if (body === null)
    return jsonResponse({ error: `Request body larger than ${RATES_MAX_BODY_BYTES} bytes` }, 413);
  const answer = await answerRateRequest(
    body,
    (name) => request.headers.get(name),
    new URL(request.url).searchParams.get("token"),
  );
  return jsonResponse(answer.body, answer.status);
};
