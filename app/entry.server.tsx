import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { languageOf } from "./i18n/i18n.server";
import { i18nIn } from "./i18n/instance";
import { addDocumentResponseHeaders } from "./shopify.server";

const ABORT_DELAY = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  addDocumentResponseHeaders(request, responseHeaders);
  // The first paint is in the reader's language: the same texts the browser hydrates with.
  const i18n = i18nIn(await languageOf(request));
  const callbackName = isbot(request.headers.get("user-agent") ?? "")
    ? "onAllReady"
    : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </I18nextProvider>,
      {
        [callbackName]: () => {
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

// For the production server (server.ts), which takes the webhooks and rate requests ahead of Remix
// (app/server/fast-path.ts) and closes the process's connections on shutdown. Exported here so that it
// uses this build's modules.
export { takeWebhook, webhookTopicOfPath } from "./webhooks/intake.server";
export { answerWebHealth, checkStartup, closeWebResources } from "./server/lifecycle.server";
export { answerRateRequest, CARRIER_SERVICE_PATH } from "./checkout-rates/callback.server";
