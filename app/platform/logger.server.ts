import pino from "pino";
import { getEnv } from "./env.server";

/**
 * Paths that must never reach a log line: API keys and tokens, and recipients' personal data.
 * Callers log ids (shop, shipment, order), never payloads; this is the safety net.
 */
export const REDACT_PATHS = [
  "apiKey",
  "*.apiKey",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  "accessToken",
  "*.accessToken",
  "shippingApiKey",
  "*.shippingApiKey",
  "email",
  "*.email",
  "phone",
  "*.phone",
  "address",
  "*.address",
];

/**
 * Standard output, written asynchronously: a log line never waits for the terminal or the file
 * behind it (pino's default writes synchronously). What is still buffered is written on exit.
 */
function asyncStdout(): pino.DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false });
  process.once("exit", () => {
    try {
      stream.flushSync();
    } catch {
      // Not open yet, or already closed: nothing to flush.
    }
  });
  return stream;
}

export function createLogger(
  options: { level?: string; name?: string } = {},
  destination: pino.DestinationStream = asyncStdout(),
) {
  return pino(
    {
      level: options.level ?? getEnv().LOG_LEVEL,
      name: options.name,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      base: { pid: process.pid },
    },
    destination,
  );
}

export type Logger = pino.Logger;

/** The process's root logger; modules take a child with their own bindings. */
export const logger = createLogger();
