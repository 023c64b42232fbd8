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

export function createLogger(
  options: { level?: string; name?: string } = {},
  destination?: pino.DestinationStream,
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
