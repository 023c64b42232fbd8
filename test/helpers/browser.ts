import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";

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
