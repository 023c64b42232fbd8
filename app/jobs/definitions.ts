import { z } from "zod";

/**
 * Queues and their jobs. Payloads carry ids only (never API keys or personal data) and are parsed
 * with zod on both sides. Job ids are deterministic and contain no ":" (BullMQ's separator), so
 * enqueueing the same work twice collapses into one job.
 */
export const QUEUES = {
  /** Work on shipments at the shipping service. */
  shipments: "shipments",
  /** Housekeeping: reconciliation, status polling, inbox pruning. */
  maintenance: "maintenance",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const shop = z.string().min(1);
const orderId = z.string().min(1);

export const shipmentJobs = {
  /** `part`: which of the order's shipments (one per fulfillment order shipped); 1 when absent. */
  createDraft: {
    name: "create-draft",
    payload: z.object({ shop, orderId, part: z.number().int().positive().default(1) }),
  },
  /** `merchant`: asked for by the merchant, who may book an order that is not paid yet. */
  confirm: {
    name: "confirm",
    payload: z.object({ shop, shipmentId: z.uuid(), merchant: z.boolean().optional() }),
  },
  /**
   * Without `attempt`: the store order was cancelled (every current shipment of the order goes).
   * With it: the merchant cancels that attempt of that `part`; `rebook` then makes its next attempt.
   */
  cancel: {
    name: "cancel",
    payload: z.object({
      shop,
      orderId,
      attempt: z.number().int().positive().optional(),
      part: z.number().int().positive().default(1),
      rebook: z.boolean().optional(),
    }),
  },
  /** The store order changed: every current shipment of the order follows it. */
  update: { name: "update", payload: z.object({ shop, orderId, webhookId: z.string().min(1) }) },
  /** A fulfillment-order webhook (moved, split, merged, held, …): the order's shipments follow Shopify's fulfillment orders. */
  fulfillmentChange: {
    name: "fulfillment-change",
    payload: z.object({ shop, webhookId: z.string().min(1) }),
  },
  syncStatus: { name: "sync-status", payload: z.object({ shop, shipmentId: z.uuid() }) },
  /** Fulfill the store order with the shipment's tracking (Admin GraphQL). */
  createFulfillment: {
    name: "create-fulfillment",
    payload: z.object({ shop, shipmentId: z.uuid() }),
  },
  /** The courier's progress as Shopify fulfillment events, once each, in order. */
  fulfillmentEvents: {
    name: "fulfillment-events",
    payload: z.object({ shop, shipmentId: z.uuid() }),
  },
  /**
   * A COD order assessed at medium or high risk: the assessment written to the store order's risk
   * in Shopify (orderRiskAssessmentCreate), once per assessment.
   */
  orderRisk: { name: "order-risk", payload: z.object({ shop, shipmentId: z.uuid() }) },
  /** A delivered cash-on-delivery parcel: its store order marked paid in Shopify, once. */
  settleCod: { name: "settle-cod", payload: z.object({ shop, shipmentId: z.uuid() }) },
  /** A parcel back with the shop: returned and restocked in Shopify, the order closed, once. */
  processReturn: { name: "process-return", payload: z.object({ shop, shipmentId: z.uuid() }) },
  /**
   * A customer's return the merchant asked to be picked up: booked at the service (draft, then
   * confirm), then its waybill put on Shopify's return; each step found done is not done again.
   */
  bookReturnPickup: {
    name: "book-return-pickup",
    payload: z.object({ shop, pickupId: z.uuid() }),
  },
  /** A return pickup's order at the service changed (its events, or the poll): its status follows. */
  syncReturnPickup: {
    name: "sync-return-pickup",
    payload: z.object({ shop, pickupId: z.uuid() }),
  },
  /**
   * Push the status metafields to the store order, and the tracking to its fulfillments when
   * `tracking` (the waybill or its link changed; absent in jobs queued before it existed: sent).
   */
  shopifySync: {
    name: "shopify-sync",
    payload: z.object({ shop, shipmentId: z.uuid(), tracking: z.boolean().default(true) }),
  },
  /**
   * Read orders through Admin GraphQL: one page of an import run (open orders of the last days;
   * `page`: how many pages of it were read before) or one order.
   */
  importOrders: {
    name: "import-orders",
    payload: z.object({
      shop,
      importId: z.uuid().optional(),
      page: z.number().int().min(0).default(0),
      orderId: orderId.optional(),
    }),
  },
  /**
   * The shop's grant changed (an `app/scopes_update` delivery): what Shopify says is granted now
   * (`currentAppInstallation`) is recorded, and the progress that waited for a scope goes out.
   * The delivery's body is never the grant: it names no shop, so a replay under another shop's
   * header must not become that shop's grant.
   */
  refreshGrant: { name: "refresh-grant", payload: z.object({ shop }) },
  /**
   * One shop's orders updated in Shopify since `since`, compared with the app's copies (lost
   * webhooks): the sync-orders sweep queues one per shop and window.
   */
  syncShopOrders: {
    name: "sync-shop-orders",
    payload: z.object({ shop, since: z.iso.datetime() }),
  },
  /**
   * One shop's parcels and customers' return pickups whose quiet is due to be asked about at the
   * service, at most its key's share of the poll's window (poll-statuses fans out). `staleSeconds`:
   * the shortest quiet asked about (absent: POLL_SHORTEST_QUIET_S).
   */
  pollShopStatuses: {
    name: "poll-shop-statuses",
    payload: z.object({ shop, staleSeconds: z.number().int().min(0).optional() }),
  },
  /** One shop's carrier service registered again with its current callback token (carrier-callbacks fans out). */
  registerCarrierCallback: { name: "register-carrier-callback", payload: z.object({ shop }) },
  /** One shop's carrier service read: still active at Shopify? (carrier-services-active fans out). */
  checkCarrierService: { name: "check-carrier-service", payload: z.object({ shop }) },
  /** One shop's daily summary e-mailed, for `day` in the shop's zone (daily-summaries fans out). */
  sendSummary: {
    name: "send-summary",
    payload: z.object({ shop, day: z.iso.date() }),
  },
} as const;

/**
 * Names jobs were once queued under → the job they are now: a job still queued under its former
 * name when the worker is upgraded runs as today's (worker/jobs.ts).
 */
export const FORMER_JOB_NAMES: Readonly<Record<string, string>> = {
  fulfil: shipmentJobs.createFulfillment.name,
};

export const maintenanceJobs = {
  pruneInbox: {
    name: "prune-inbox",
    payload: z.object({ olderThanDays: z.number().int().min(1).max(3650) }),
  },
  reconcile: {
    name: "reconcile",
    payload: z.object({ olderThanSeconds: z.number().int().min(0).default(120) }),
  },
  /**
   * Shops with parcels (or return pickups) whose quiet is due to be asked about: one
   * poll-shop-statuses job queued per such shop and window. `staleSeconds`: the shortest quiet
   * asked about (absent: POLL_SHORTEST_QUIET_S; 0 in tests: every parcel in flight is due).
   */
  pollStatuses: {
    name: "poll-statuses",
    payload: z.object({ staleSeconds: z.number().int().min(0).optional() }),
  },
  /**
   * Parcels after pickup that no courier scan has moved for longer than their lane's usual time:
   * marked stuck (worker/processors/find-stuck.ts).
   */
  findStuck: { name: "find-stuck", payload: z.object({}) },
  /**
   * Carrier services that do not call the app with their shop's current callback token: one
   * register-carrier-callback job queued per such shop.
   */
  carrierCallbacks: { name: "carrier-callbacks", payload: z.object({}) },
  /**
   * Carrier services Shopify deactivated (a plan change) or that were removed: one
   * check-carrier-service job queued per shop with rates at checkout on.
   */
  carrierServicesActive: { name: "carrier-services-active", payload: z.object({}) },
  /**
   * Shops whose daily summary is due (its hour come in the shop's zone, not sent today): one
   * send-summary job queued per shop and day.
   */
  dailySummaries: { name: "daily-summaries", payload: z.object({}) },
  /**
   * Orders updated in Shopify lately that the app has no (or an older) copy of (lost webhooks):
   * one sync-shop-orders job queued per connected shop.
   */
  syncOrders: {
    name: "sync-orders",
    payload: z.object({
      lookbackMinutes: z
        .number()
        .int()
        .min(5)
        .max(7 * 24 * 60)
        .default(180),
    }),
  },
} as const;

export type PruneInboxPayload = z.infer<typeof maintenanceJobs.pruneInbox.payload>;

/**
 * Retention of finished jobs in Redis, so memory stays bounded however many jobs run. Failed jobs
 * are kept (14 days) to be listed and retried; the database remains the source of truth.
 */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: "exponential", delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 14 * 24 * 3600 },
} as const;

/**
 * Shipment jobs retry with capped exponential backoff (1 s, 2 s, … then every 2 minutes) for 30
 * attempts: 43 to 65 minutes with jitter, longer than a 30-minute outage of the service. 429s
 * do not use attempts (the processor delays the job instead).
 */
export const SHIPMENT_JOB_OPTIONS = {
  ...DEFAULT_JOB_OPTIONS,
  attempts: 30,
  backoff: { type: "capped", delay: 1_000 },
} as const;
export const BACKOFF_CAP_MS = 120_000;

/** The "capped" backoff: exponential from 1 s, capped, with ±20% jitter so retries spread out. */
export function cappedBackoff(attemptsMade: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_CAP_MS, 1_000 * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(base * (0.8 + random() * 0.4));
}

/**
 * The window of a periodic sweep that queues one job per shop: the quarter hour `now` falls in
 * (the `minutes` of the sweep's period), in whole minutes since the epoch. Part of each shop's job
 * id, so a sweep run twice in one window queues once.
 */
export const sweepWindow = (now: Date, minutes = 15): number =>
  Math.floor(now.getTime() / (minutes * 60_000)) * minutes;

/** The status poll's period: poll-statuses runs every five minutes. */
export const POLL_PERIOD_MINUTES = 5;

/** Text from outside (a delivery id, a courier's waybill) as a job id part: ':' and spaces become '_'. */
export const foreignIdPart = (text: string): string => text.replace(/[:\s]/g, "_");

/**
 * A store order's draft job: part 1's first (`create__<shop>__<order>`), its other parts'
 * (`…__p2`), and a later run of either (`attempt`: a rebooking, an update's retry).
 */
export const createDraftJobId = (shop: string, orderId: string, part = 1, attempt?: string) =>
  jobId("create", shop, orderId, ...(part > 1 ? [`p${part}`] : []), ...(attempt ? [attempt] : []));

/** One job per fulfillment-order delivery. */
export const fulfillmentChangeJobId = (shop: string, webhookId: string) =>
  jobId("fo", shop, foreignIdPart(webhookId));

/** A deterministic job id from its parts; refuses parts that would make it ambiguous. */
export function jobId(...parts: (string | number)[]): string {
  return parts
    .map((part) => {
      const text = String(part);
      if (text === "" || /[:\s]/.test(text))
        throw new Error(`Job id part ${JSON.stringify(text)} is empty or has ':' or spaces`);
      return text;
    })
    .join("__");
}
