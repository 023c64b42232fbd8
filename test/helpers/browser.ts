import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { freePort, startWeb, type Child } from "../../scripts/processes.ts";

/**
 * Debian's Chromium for the tests that drive pages in a real browser (through playwright-core):
 * where it is, whether it is here (under CI it must be: .ci/run installs it), and how it starts.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SHOTS = path.resolve("test/screenshots");

/** Whether Chromium is installed; under CI its absence is an error, not a skip. */
export function chromiumAvailable(): boolean {
  const available = fs.existsSync(CHROMIUM);
  if (!available && process.env.CI)
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: .ci/run installs it (apt-get install chromium)`,
    );
  return available;
}

/** Chromium started headless as the tests run it (no sandbox as root, nothing in the background). */
export async function launchChromium(): Promise<Browser> {
  fs.mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * The production build served by server.ts on a free port, its shipping service the sandbox at
 * `sandboxUrl` and its Admin API calls sent to the fake Shopify at `shopifyUrl` (the preload
 * redirects them), as the browser tests drive it.
 */
export async function startAppServer(options: {
  buildDir: string;
  sandboxUrl: string;
  shopifyUrl: string;
  metricsToken: string;
}): Promise<{ server: Child; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startWeb(options.buildDir, port, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SHOPIFY_APP_URL: baseUrl,
      SHIPPING_API_BASE_URL: options.sandboxUrl,
      FAKE_SHOPIFY_ADMIN_URL: options.shopifyUrl,
      METRICS_TOKEN: options.metricsToken,
    },
    nodeArgs: ["--import", "./fakes/shopify/redirect-shopify-admin.ts"],
  });
  return { server, baseUrl };
}
