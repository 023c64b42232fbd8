import type { Logger } from "../platform/logger.server";
import type { VerifiedDelivery } from "./verify.server";

/** A Shopify webhook delivery the intake verified, handed to its topic's intake. */
export interface Received {
  verified: VerifiedDelivery;
  /** The body exactly as it arrived (the signature is over it). */
  rawBody: string;
  /**
   * The intake's logger, bound to the shop, topic and delivery id, made on the first call: most
   * order deliveries log nothing, and a child logger redacts its bindings when it is made.
   */
  log: () => Logger;
}

/** The answer to Shopify: 2xx when recorded (or nothing to do), 4xx when refused, 5xx to be retried. */
export interface WebhookAnswer {
  status: number;
  /** The JSON error body's message, for non-2xx answers. */
  error?: string;
}

/** One family of topics' work after verification (intake.server.ts maps each topic to one). */
export type TopicIntake = (received: Received) => Promise<WebhookAnswer>;
