import { said } from "#app/i18n/said.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { DelayedError, type Job } from "bullmq";
import type { Db } from "#app/db/client.server.ts";
import type { Shipment } from "#app/db/schema.ts";
import { runRaw } from "#app/db/raw-statement.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { readOrderForShipping, type OrderForShipping } from "#app/orders/order-for-shipping.ts";
import type { AdminGraphql } from "#app/admin-api/request.ts";
import {
  updateDecided,
  type DecidedChange,
  type ShipmentFields,
} from "#app/shipments/shipments.server.ts";
import { problemOf, type Problem } from "#app/shipments/problem-kinds.ts";
import {
  inboxMarkText,
  inboxMarkValues,
  type InboxMark,
} from "#app/shipments/update-statement.server.ts";
import { httpUrlOrNull } from "#app/platform/http-url.ts";
import {
  CODES,
  normaliseOrderStatus,
  type DraftOrder,
  type Order,
} from "#app/shipping/contract.ts";
import {
  ShippingAuthenticationError,
  ShippingNotFoundError,
  ShippingRateLimitedError,
  ShippingStateError,
  ShippingValidationError,
} from "#app/shipping/errors.ts";
import {
  ShippingNotConfiguredError,
  ShopNotInstalledError,
  shippingAccessForShop,
} from "#app/shops/shipping-client.server.ts";
import type { LimitedApi, ServiceRateLimiter } from "#app/shipping/limiter.server.ts";

/**
 * What every shipment processor shares. Each processor is idempotent: it reads the shipment,
 * decides from its state (the database, not Redis, says what is already done), calls the service,
 * and records the outcome with optimistic concurrency, re-reading when another job moved the
 * shipment meanwhile. Transient failures throw (BullMQ retries with capped backoff); 429s and
 * rate-limit slots delay the job without using an attempt; anything the merchant must fix becomes
 * the shipment's problem.
 */

export interface ShipmentDeps {
  db: Db;
  logger: Logger;
  env: Pick<Env, "ENCRYPTION_KEY" | "SHIPPING_API_BASE_URL" | "SHIPPING_API_TIMEOUT_MS">;
  limiter: ServiceRateLimiter;
  enqueue: Pick<
    typeof enqueueFns,
    | "createDraft"
    | "confirm"
    | "cancel"
    | "syncStatus"
    | "createFulfillment"
    | "fulfillmentEvents"
    | "settleCod"
    | "processReturn"
    | "shopifySync"
    | "orderRisk"
    | "bookReturnPickup"
    | "syncReturnPickup"
  >;
  /**
   * Admin GraphQL of the shop (unauthenticated.admin in production): whether an order is the
   * shop's, and an edited order as it now is.
   */
  adminGraphql: AdminGraphql;
  /** Waits up to this are slept in place; longer ones delay the job (default: 1.5 windows of the key). */
  inlineWaitMs?: number;
}

export type JobWithSlot = Job<Record<string, unknown>>;

export const ACTOR = {
  create: "worker:create-draft",
  confirm: "worker:confirm",
  cancel: "worker:cancel",
  update: "worker:update",
  sync: "worker:sync-status",
  import: "worker:import-orders",
} as const;

/** Out of the worker's control: the service refused the work in a way only the merchant can fix. */
export function merchantProblem(error: unknown): Problem | null {
  if (error instanceof ShopNotInstalledError) return problemOf("setup", said("notInstalled"));
  if (error instanceof ShippingNotConfiguredError) return problemOf("setup", said("noApiKey"));
  if (error instanceof ShippingAuthenticationError)
    return problemOf("setup", said("apiKeyRefused", { reason: error.message }));
  if (error instanceof ShippingValidationError)
    return problemOf(
      "service",
      error.field
        ? said("serviceRefusedField", { reason: error.message, field: error.field })
        : said("serviceRefused", { reason: error.message }),
    );
  return null;
}

export class Ctx {
  constructor(
    readonly deps: ShipmentDeps,
    readonly job: JobWithSlot,
  ) {}

  private orderRead: { orderId: string; answer: Promise<OrderForShipping | null> } | undefined;

  /**
   * The store order as drafting reads it from Shopify (app/orders/order-for-shipping.ts): one Admin
   * API call per job, however many steps of the job ask (whose order, its fulfillment orders, its
   * products). A failure is the same failure for each step that asks.
   */
  orderForShipping(shop: string, orderId: string): Promise<OrderForShipping | null> {
    if (this.orderRead?.orderId !== orderId)
      this.orderRead = {
        orderId,
        answer: readOrderForShipping(this.deps.adminGraphql, shop, orderId),
      };
    return this.orderRead.answer;
  }

  private jobLog: Logger | undefined;

  /** The job's logger, made on first use (most runs never log past the worker's line). */
  get log(): Logger {
    this.jobLog ??= this.deps.logger.child({ job: this.job.name, jobId: this.job.id });
    return this.jobLog;
  }

  /** Defers the job to `at` without using an attempt. */
  async defer(at: number, why: string): Promise<never> {
    // A flash sale defers every job once: no child logger for a line the level drops.
    if (this.deps.logger.isLevelEnabled("debug")) this.log.debug({ at, why }, "job deferred");
    await this.job.moveToDelayed(at, this.job.token);
    throw new DelayedError(why);
  }

  /**
   * Waits for this call's slot in the key's shared schedule. A slot reserved before a deferral is
   * kept in the job's data, so a deferred job does not reserve twice; so is the follow-up slot
   * reserved with it. A slot in the data belongs to one run of the job (`_slotRun`, the job's
   * BullMQ `attemptsStarted` then; 1, its first, for a slot its producer reserved): a later run
   * (a retry, a 429's deferral, a restart after a worker died) reserves its own, so a slot is used
   * once without writing the job again to say so.
   */
  async throttle(apiKey: string, api: LimitedApi, count: 1 | 2 = 1): Promise<void> {
    const { _slot: slot, _slotRun: run } = this.job.data;
    if (
      typeof slot === "number" &&
      this.job.attemptsStarted === (typeof run === "number" ? run : 1)
    ) {
      if (typeof this.job.data._next === "number") this.followUpSlot = this.job.data._next;
      const wait = slot - Date.now();
      if (wait > 0) await sleep(wait);
      return;
    }
    let wait: number;
    if (count === 2) {
      const pair = await this.deps.limiter.reserveWithFollowUp(apiKey, api);
      wait = pair.wait;
      this.followUpSlot = Date.now() + pair.followUpWait;
    } else wait = await this.deps.limiter.reserve(apiKey, api);
    const at = Date.now() + wait;
    // Once this run has made a call, it waits for its next slot in place: deferring would re-run
    // the calls already made (a confirmation answered "already confirmed", then deferred again
    // before adopting, forever).
    if (wait <= this.inlineWaitMs(apiKey, api) || this.calledService) {
      if (wait > 0) await sleep(wait);
      return;
    }
    await this.job.updateData({
      ...this.job.data,
      _slot: at,
      _slotRun: this.job.attemptsStarted + 1,
      ...(this.followUpSlot ? { _next: this.followUpSlot } : { _next: undefined }),
    });
    await this.defer(at, "rate-limit slot");
  }

  /**
   * The longest wait slept in place. A key's calls of a window go together, so a job that takes
   * its slot as the key's previous jobs make their calls waits about one window (1,021 ms at 98 %):
   * up to one and a half windows, the wait is slept, and a key's steady flow of jobs is not
   * deferred. With a second (the window's edge), whether such a job was deferred depended on how
   * fast the worker ran: each deferral cost Redis about 40 commands (bench/README.md, "Cost per
   * shipment"). A flash sale's backlog, whose slots are windows away, is still deferred.
   */
  private inlineWaitMs(apiKey: string, api: LimitedApi): number {
    return this.deps.inlineWaitMs ?? Math.round(1.5 * this.deps.limiter.window(apiKey, api).ms);
  }

  private held: LimitedApi | null = null;
  private calledService = false;
  /** The slot reserved for this job's follow-up call, held by the job it queues (epoch ms). */
  followUpSlot: number | undefined;

  /**
   * Takes the slot for the job's first call before its other work, so that a job the schedule
   * defers has done nothing yet (a flash sale's jobs are deferred once each; the work then runs
   * once). `withFollowUp` reserves the next slot too, for the job this one queues after its call.
   */
  async reserve(apiKey: string, api: LimitedApi, withFollowUp = false): Promise<void> {
    await this.throttle(apiKey, api, withFollowUp ? 2 : 1);
    this.held = api;
  }

  /** One call at the service, throttled; a 429 defers the job by the service's Retry-After. */
  async call<T>(apiKey: string, api: LimitedApi, fn: () => Promise<T>): Promise<T> {
    // A slot held from reserve() is used even when the work in between made the call late for it:
    // taking a new one would let a busy worker defer the same job forever. A late call may meet a
    // 429, which defers the job by the service's Retry-After.
    if (this.held === api) this.held = null;
    else await this.throttle(apiKey, api);
    this.calledService = true;
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ShippingRateLimitedError)
        await this.defer(Date.now() + Math.max(error.retryAfterMs, 200), "429 from the service");
      throw error;
    }
  }
}

export async function markInbox(
  db: Db,
  shop: string,
  orderId: string,
  topics: readonly string[],
): Promise<void> {
  await runRaw(db, MARK_INBOX, inboxMarkValues({ shop, orderId, topics }));
}

const MARK_INBOX = { text: inboxMarkText(1), name: "pb_mark_inbox" };

/**
 * Applies a change, retrying on a concurrent update by re-reading and asking `decide` again.
 * `held`: the row the job read, decided on first without reading it again (a concurrent change
 * makes its version stale: the row is then read again).
 */
export function apply(
  ctx: Ctx,
  shop: string,
  shipmentId: string,
  decide: (current: Shipment) => DecidedChange,
  held?: Shipment,
  also?: InboxMark,
): Promise<Shipment | null> {
  return updateDecided(ctx.deps.db, shop, shipmentId, decide, ctx.job.name, held, also);
}

/**
 * Deletes a draft the shipment no longer ships with. Already gone is what was wanted; booked
 * meanwhile throws, so the job runs again and finds the shipment booked.
 */
export async function removeDraft(ctx: Ctx, shop: string, draftId: string): Promise<void> {
  const { client, apiKey } = await shippingAccessForShop(ctx.deps.db, ctx.deps.env, shop);
  await ctx
    .call(apiKey, "draft_orders", () => client.deleteDraftOrder(draftId))
    .catch((error: unknown) => {
      if (error instanceof ShippingNotFoundError) return;
      if (error instanceof ShippingStateError && error.code === CODES.draftAlreadyConfirmed)
        throw new Error("Booked while removing the draft; retrying to report the change");
      throw error;
    });
}

export function draftPatch(draft: DraftOrder): ShipmentFields {
  return {
    draftOrderId: draft.id,
    status:
      draft.status === "ready"
        ? "draft_ready"
        : draft.status === "confirmed"
          ? "draft_ready"
          : "draft_placed",
    courierCompany: draft.courier?.company ?? null,
    courierType: draft.courier?.type ?? null,
    price: draft.price === null || draft.price === undefined ? null : String(draft.price),
    currency: draft.currency ?? null,
  };
}

export function orderPatch(order: Order): ShipmentFields {
  const status = normaliseOrderStatus(order.status);
  return {
    shippingOrderId: order.id,
    ...(status ? { status } : {}),
    waybillId: order.courier?.waybill_id ?? null,
    trackingId: order.courier?.tracking_id ?? null,
    trackingUrl: httpUrlOrNull(order.courier?.link),
    courierCompany: order.courier?.company ?? null,
    courierType: order.courier?.type ?? null,
    price: order.price === null || order.price === undefined ? null : String(order.price),
    currency: order.currency ?? null,
    ...codFeePatch(order),
  };
}

/**
 * What the booking cost as the service states it when the parcel is booked (app/costs/): its price
 * then is the quote later prices are measured against; the insurance fee in it.
 */
export function bookedCostPatch(order: Order): { quotedPrice?: string; insuranceFee?: string } {
  const price = order.price;
  return {
    ...(typeof price === "number" && Number.isFinite(price) ? { quotedPrice: String(price) } : {}),
    ...insuranceFeePatch(order),
  };
}

/** The service's insurance fee of a booked order, when it states one (kept for the costs page). */
export function insuranceFeePatch(order: Order): { insuranceFee?: string } {
  const fee = feeText(order.courier?.insurance?.fee);
  return fee === undefined ? {} : { insuranceFee: fee };
}

/** The service's COD fee of a booked order, when it states one (kept for the COD page). */
export function codFeePatch(order: Order): { codFee?: string } {
  const fee = feeText(order.destination?.cash_on_delivery?.fee);
  return fee === undefined ? {} : { codFee: fee };
}

/** A fee as the shipment keeps it (text), when the service stated a usable one. */
const feeText = (fee: number | null | undefined): string | undefined =>
  typeof fee === "number" && Number.isFinite(fee) && fee >= 0 ? String(fee) : undefined;
