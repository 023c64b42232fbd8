import type { ActionFunctionArgs } from "@remix-run/node";
import { answerRateRequest } from "../checkout-rates/callback.server";
import { jsonResponse } from "../http.server";

/**
 * POST /carrier-service/rates, Shopify's rate requests for the checkout (the carrier service's
 * callback URL). The production server answers this path ahead of Remix (server.ts); this route
 * serves it under `npm run dev` and in tests, with the same function.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const answer = await answerRateRequest(
    await request.text(),
    (name) => request.headers.get(name),
    new URL(request.url).searchParams.get("token"),
  );
  return jsonResponse(answer.body, answer.status);
};
