import { setTimeout as sleep } from "node:timers/promises";
import { DelayedError, type Job } from "bullmq";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { webhookInbox, type Shipment } from "#app/db/schema.ts";
import type { Env } from "#app/env.server.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import type { Logger } from "#app/logger.server.ts";
import { mapOrderToDraft, type MappingProblem, type ProductInfo } from "#app/orders/map.ts";
import { orderPayloadSchema, type ShopifyOrder } from "#app/orders/payload.ts";
import { addShipmentEvent, getShipment, getShipmentByOrder, updateShipment, type ShipmentPatch } from "#app/shipments/shipments.server.ts";
import { canMove, isShipmentStatus, TERMINAL_STATUSES, type ShipmentStatus } from "#app/shipments/states.ts";
import { CANCELLABLE_ORDER_STATUSES, CODES, normaliseOrderStatus, type DraftOrder, type Order } from "#app/shipping/contract.ts";
import type {
  ShippingError} from "#app/shipping/errors.ts";
import {
  ShippingAuthenticationError,
  ShippingNotFoundError,
  ShippingRateLimitedError,
  ShippingStateError,
  ShippingValidationError,
} from "#app/shipping/errors.ts";
import { ShippingNotConfiguredError, shippingAccessForShop } from "#app/shipping/for-shop.server.ts";
import type { LimitedApi, ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";

/**
 * The shipment processors. Each is idempotent: it reads the shipment, decides from its state
 * (the database, not Redis, says what is already done), calls the service, and records the
 * outcome with optimistic concurrency, re-reading when another job moved the shipment meanwhile.
 * Transient failures throw (BullMQ retries with capped backoff); 429s and rate-limit slots delay
 * the job without using an attempt; anything the merchant must fix becomes the shipment's problem.
 */

export interface ShipmentDeps {
  db: Db;
  logger: Logger;
  env: Pick<Env, "ENCRYPTION_KEY" | "SHIPPING_API_BASE_URL" | "SHIPPING_API_TIMEOUT_MS">;
  limiter: ServiceRateLimiter;
  enqueue: Pick<typeof enqueueFns, "confirm" | "syncStatus" | "fulfil" | "shopifySync">;
  /** Product types, tags and dimensions the webhook lacks (Admin GraphQL); best effort. */
  products: (shop: string, productIds: string[]) => Promise<Map<string, ProductInfo>>;
  /** Waits shorter than this are slept in place; longer ones delay the job. */
  inlineWaitMs?: number;
}

type JobWithSlot = Job<Record<string, unknown>>;

const ACTOR = {
  create: "worker:create-draft",
  confirm: "worker:confirm",
  cancel: "worker:cancel",
  update: "worker:update",
  sync: "worker:sync-status",
} as const;

/** Out of the worker's control: the service refused the work in a way only the merchant can fix. */
function merchantProblem(error: unknown): string | null {
  if (error instanceof ShippingNotConfiguredError) return "No shipping API key is set: add one in the app's settings, then retry";
  if (error instanceof ShippingAuthenticationError) return `The shipping service refused the API key (${error.message}): check it in the app's settings, then retry`;
  if (error instanceof ShippingValidationError) return `The shipping service refused the shipment: ${error.message}${error.field ? ` (field ${error.field})` : ""}`;
  return null;
}

class Ctx {
  constructor(
    readonly deps: ShipmentDeps,
    readonly job: JobWithSlot,
    readonly token: string | undefined,
  ) {}

  get log() {
    return this.deps.logger.child({ job: this.job.name, jobId: this.job.id });
  }

  /** Defers the job to `at` without using an attempt. */
  async defer(at: number, why: string): Promise<never> {
    this.log.debug({ at, why }, "job deferred");
    await this.job.moveToDelayed(at, this.token);
    throw new DelayedError(why);
  }

  /**
   * Waits for this call's slot in the key's shared schedule. A slot reserved before a deferral is
   * kept in the job's data, so a deferred job does not reserve twice.
   */
  async throttle(apiKey: string, api: LimitedApi): Promise<void> {
    const slot = this.job.data._slot;
    if (typeof slot === "number") {
      await this.job.updateData({ ...this.job.data, _slot: undefined });
      const wait = slot - Date.now();
      if (wait > 0) await sleep(wait);
      return;
    }
    const wait = await this.deps.limiter.reserve(apiKey, api);
    // Once this run has made a call, it waits for its next slot in place: deferring would re-run
    // the calls already made (a confirmation answered "already confirmed", then deferred again
    // before adopting, forever).
    if (wait <= (this.deps.inlineWaitMs ?? 1_000) || this.calledService) {
      if (wait > 0) await sleep(wait);
      return;
    }
    await this.job.updateData({ ...this.job.data, _slot: Date.now() + wait });
    await this.defer(Date.now() + wait, "rate-limit slot");
  }

  private held: LimitedApi | null = null;
  private calledService = false;

  /**
   * Takes the slot for the job's first call before its other work, so that a job the schedule
   * defers has done nothing yet (a flash sale's jobs are deferred once each; the work then runs once).
   */
  async reserve(apiKey: string, api: LimitedApi): Promise<void> {
    await this.throttle(apiKey, api);
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
      if (error instanceof ShippingRateLimitedError) await this.defer(Date.now() + Math.max(error.retryAfterMs, 200), "429 from the service");
      throw error;
    }
  }
}

/**
 * The newest order payload Shopify sent (create or update), read in full. An order that is not
 * in the documented shape comes back as `unreadable` with the first offending field, for the
 * merchant to see on the shipment.
 */
async function latestOrderPayload(db: Db, shop: string, orderId: string): Promise<{ order: ShopifyOrder; reason?: never } | { order: null; reason: string }> {
  const [row] = await db
    .select({ payload: webhookInbox.payload })
    .from(webhookInbox)
    .where(
      and(
        eq(webhookInbox.shop, shop),
        eq(webhookInbox.resourceId, orderId),
        inArray(webhookInbox.topic, ["orders/create", "orders/updated"]),
        isNotNull(webhookInbox.payload),
      ),
    )
    .orderBy(sql`${webhookInbox.triggeredAt} DESC NULLS LAST`, desc(webhookInbox.id))
    .limit(1);
  if (!row?.payload) return { order: null, reason: "The store order's data is missing (redacted or never received)" };
  const parsed = orderPayloadSchema.safeParse(row.payload);
  if (parsed.success) return { order: parsed.data };
  const issue = parsed.error.issues[0];
  return { order: null, reason: `Shopify sent this order in a shape the app cannot read: ${issue?.path.join(".") || "(order)"}: ${issue?.message ?? "invalid"}` };
}

async function markInbox(db: Db, shop: string, orderId: string, topics: string[]): Promise<void> {
  await db
    .update(webhookInbox)
    .set({ status: "processed", processedAt: sql`now()`, error: null })
    .where(and(eq(webhookInbox.shop, shop), eq(webhookInbox.resourceId, orderId), inArray(webhookInbox.topic, topics), eq(webhookInbox.status, "received")));
}

/** Applies a change, retrying on a concurrent update by re-reading and asking `decide` again. */
async function apply(
  ctx: Ctx,
  shop: string,
  shipmentId: string,
  decide: (current: Shipment) => { patch: ShipmentPatch; event: Parameters<typeof updateShipment>[3] } | null,
): Promise<Shipment | null> {
  for (let i = 0; i < 5; i++) {
    const current = await getShipment(ctx.deps.db, shop, shipmentId);
    if (!current) return null;
    const change = decide(current);
    if (!change) return current;
    const updated = await updateShipment(ctx.deps.db, current, change.patch, change.event);
    if (updated) return updated;
  }
  throw new Error(`Shipment ${shipmentId} kept changing under ${ctx.job.name}`);
}

/** A draft without a courier cannot be confirmed: the merchant picks one. */
const NO_COURIER = "The draft has no courier: neither the checkout's shipping line nor the shop's default names one the service offers. Choose a courier on the shipment's page, then confirm.";

const problemText = (problems: MappingProblem[]) => problems.map((p) => `${p.message}. ${p.fix}.`).join(" ");

function draftPatch(draft: DraftOrder): ShipmentPatch {
  return {
    draftOrderId: draft.id,
    status: draft.status === "ready" ? "draft_ready" : draft.status === "confirmed" ? "draft_ready" : "draft_placed",
    courierCompany: draft.courier?.company ?? null,
    courierType: draft.courier?.type ?? null,
    price: draft.price === null || draft.price === undefined ? null : String(draft.price),
    currency: draft.currency ?? null,
  };
}

function orderPatch(order: Order): ShipmentPatch {
  const status = normaliseOrderStatus(order.status);
  return {
    shippingOrderId: order.id,
    ...(status ? { status } : {}),
    waybillId: order.courier?.waybill_id ?? null,
    trackingId: order.courier?.tracking_id ?? null,
    trackingUrl: order.courier?.link ?? null,
    courierCompany: order.courier?.company ?? null,
    courierType: order.courier?.type ?? null,
    price: order.price === null || order.price === undefined ? null : String(order.price),
    currency: order.currency ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// create-draft

export async function processCreateDraft(job: JobWithSlot, deps: ShipmentDeps, token?: string): Promise<string> {
  const ctx = new Ctx(deps, job, token);
  const { shop, orderId } = shipmentJobs.createDraft.payload.parse(job.data);
  const { db } = deps;
  const shipment = await getShipmentByOrder(db, shop, orderId);
  if (!shipment) return "no shipment row";
  if (shipment.status === "cancelled") {
    await markInbox(db, shop, orderId, ["orders/create", "orders/updated"]);
    return "order cancelled before the draft was made";
  }
  if (shipment.draftOrderId || shipment.status !== "pending") {
    // A run that stopped after saving the draft (worker killed) may not have queued the
    // confirmation: queue it again (the job id makes it once).
    if (shipment.status === "draft_ready" && !shipment.problem && (await getShopSettings(db, shop)).autoConfirm) await deps.enqueue.confirm(shop, shipment.id);
    return `already ${shipment.status}`;
  }

  // The key first, and the call's slot with it: a deferred job comes back before reading the order.
  const access = await shippingAccessForShop(db, deps.env, shop).catch((error: unknown) => {
    if (!merchantProblem(error)) throw error;
    return error as Error;
  });
  if (!(access instanceof Error)) await ctx.reserve(access.apiKey, "draft_orders");

  const { order, reason } = await latestOrderPayload(db, shop, orderId);
  if (!order) {
    await updateShipment(db, shipment, { problem: reason }, { actor: ACTOR.create, type: "problem", message: reason });
    return "unreadable order";
  }
  const settings = await getShopSettings(db, shop);
  const productIds = [...new Set(order.line_items.map((l) => l.product_id).filter((id): id is string => !!id))];
  let products = new Map<string, ProductInfo>();
  try {
    if (productIds.length > 0) products = await deps.products(shop, productIds);
  } catch (error) {
    // Categories are an enrichment: without product types the items map to `others`.
    ctx.log.warn({ shop, err: (error as Error).message }, "product lookup failed; categories default to others");
  }
  const mapped = mapOrderToDraft({ shop, order, settings, products });
  const snapshot: ShipmentPatch = {
    destinationName: mapped.destination.name,
    destinationPhone: mapped.destination.phone,
    destinationEmail: mapped.destination.email,
    destinationAddress: mapped.destination.address,
    destinationCity: mapped.destination.city,
    destinationPostalCode: mapped.destination.postalCode,
    orderName: order.name ?? shipment.orderName,
    problems: mapped.problems,
  };

  if (!mapped.needsShipping) {
    await updateShipment(db, shipment, { ...snapshot, status: "not_required", problem: null }, { actor: ACTOR.create, type: "not_required", message: "Nothing in this order needs shipping" });
    await markInbox(db, shop, orderId, ["orders/create", "orders/updated"]);
    return "not required";
  }
  if (!mapped.request) {
    const problem = problemText(mapped.problems.filter((p) => p.blocking));
    await updateShipment(db, shipment, { ...snapshot, problem }, { actor: ACTOR.create, type: "problem", message: problem, data: mapped.problems });
    await markInbox(db, shop, orderId, ["orders/create", "orders/updated"]);
    return "needs attention";
  }

  if (access instanceof Error) {
    const problem = merchantProblem(access)!;
    await updateShipment(db, shipment, { ...snapshot, problem }, { actor: ACTOR.create, type: "problem", message: problem });
    return "needs attention";
  }
  const { client, apiKey } = access;

  let draft: DraftOrder;
  try {
    draft = await ctx.call(apiKey, "draft_orders", () => client.createDraftOrder(mapped.request!));
  } catch (error) {
    if (error instanceof ShippingStateError && (error.code === CODES.draftReferenceUsed || error.code === CODES.referenceUsed)) {
      // An earlier attempt made the draft but its answer was lost: adopt it, never make a second.
      const existingId = typeof error.details?.draft_order_id === "string" ? error.details.draft_order_id : null;
      if (!existingId) {
        const problem = `A draft with reference ${mapped.referenceId} already exists at the shipping service, but it did not say which: find it there, then retry`;
        await updateShipment(db, shipment, { ...snapshot, problem }, { actor: ACTOR.create, type: "problem", message: problem });
        return "needs attention";
      }
      draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(existingId));
      ctx.log.info({ shop, draftOrderId: existingId }, "adopted the draft an earlier attempt made");
    } else {
      const problem = merchantProblem(error);
      if (!problem) throw error;
      await updateShipment(db, shipment, { ...snapshot, problem }, { actor: ACTOR.create, type: "problem", message: problem, data: { code: (error as ShippingError).code } });
      await markInbox(db, shop, orderId, ["orders/create", "orders/updated"]);
      return "needs attention";
    }
  }

  const warnings = mapped.problems.filter((p) => !p.blocking);
  const saved = await apply(ctx, shop, shipment.id, (current) => {
    // Cancelled while the draft was being made: leave the shipment cancelled (the draft goes below).
    if (current.draftOrderId || current.status === "cancelled") return null;
    return {
      patch: { ...snapshot, ...draftPatch(draft), problem: [...(draft.status === "placed" ? [NO_COURIER] : []), ...(warnings.length > 0 ? [problemText(warnings)] : [])].join(" ") || null },
      event: { actor: ACTOR.create, type: "draft_created", message: `Draft ${draft.id} ${draft.status}${draft.price ? `, price ${draft.price}` : ""}`, data: { draftOrderId: draft.id } },
    };
  });
  if (saved && saved.status === "cancelled" && !saved.draftOrderId) {
    // Cancelled while the draft was being made: remove what we just created.
    await ctx.call(apiKey, "draft_orders", () => client.deleteDraftOrder(draft.id)).catch((error: unknown) => {
      if (!(error instanceof ShippingNotFoundError)) throw error;
    });
    await addShipmentEvent(db, saved, { actor: ACTOR.create, type: "draft_deleted", message: `Draft ${draft.id} deleted: the store order was cancelled meanwhile` });
  }
  await markInbox(db, shop, orderId, ["orders/create", "orders/updated"]);
  if (saved?.status === "draft_ready" && settings.autoConfirm) await deps.enqueue.confirm(shop, saved.id);
  return saved?.status ?? "gone";
}

// ---------------------------------------------------------------------------------------------
// confirm

export async function processConfirm(job: JobWithSlot, deps: ShipmentDeps, token?: string): Promise<string> {
  const ctx = new Ctx(deps, job, token);
  const { shop, shipmentId } = shipmentJobs.confirm.payload.parse(job.data);
  const { db } = deps;
  const shipment = await getShipment(db, shop, shipmentId);
  if (!shipment) return "no shipment";
  if (shipment.shippingOrderId) {
    // Likewise for the follow-up of a confirmation whose run stopped after saving it.
    if (shipment.status === "confirmed") {
      if ((await getShopSettings(db, shop)).fulfilOnConfirm) await deps.enqueue.fulfil(shop, shipment.id);
      else await deps.enqueue.shopifySync(shop, shipment.id, shipment.version);
    }
    return `already ${shipment.status}`;
  }
  if (shipment.status === "cancelled") return "cancelled";
  if (!shipment.draftOrderId) return "no draft yet";
  if (shipment.status === "draft_placed") {
    await addShipmentEvent(db, shipment, { actor: ACTOR.confirm, type: "confirm_skipped", message: "The draft has no courier yet: choose one, then confirm" });
    return "not ready";
  }

  const { client, apiKey } = await shippingAccessForShop(db, deps.env, shop);
  const draftId = shipment.draftOrderId;

  const adopt = async (): Promise<Order | null> => {
    const draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(draftId));
    if (draft.status === "confirmed" && draft.order_id) return ctx.call(apiKey, "orders", () => client.getOrder(draft.order_id!));
    return null;
  };

  // A retry may follow a confirmation whose answer was lost: the service then refuses the second
  // confirmation (draft already confirmed) and the order it made is adopted. Confirming straight
  // away keeps the happy path at one call, also for a job deferred by the rate-limit schedule.
  let order: Order | null;
  try {
    order = await ctx.call(apiKey, "draft_orders", () => client.confirmDraftOrder(draftId));
  } catch (error) {
    if (error instanceof ShippingStateError && error.code === CODES.draftAlreadyConfirmed) {
      order = await adopt();
    } else if (error instanceof ShippingStateError && error.code === CODES.draftNotReady) {
      const draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(draftId));
      await apply(ctx, shop, shipmentId, (current) => (current.draftOrderId === draftId ? { patch: draftPatch(draft), event: { actor: ACTOR.confirm, type: "confirm_refused", message: "The draft is not ready: choose a courier, then confirm" } } : null));
      return "not ready";
    } else if (error instanceof ShippingNotFoundError) {
      const current = await getShipment(db, shop, shipmentId);
      if (current?.status === "cancelled") return "cancelled meanwhile";
      await apply(ctx, shop, shipmentId, () => ({ patch: { problem: "The draft no longer exists at the shipping service: retry to create a new one" }, event: { actor: ACTOR.confirm, type: "problem", message: error.message } }));
      return "needs attention";
    } else {
      const problem = merchantProblem(error);
      if (!problem) throw error;
      await apply(ctx, shop, shipmentId, () => ({ patch: { problem }, event: { actor: ACTOR.confirm, type: "problem", message: problem } }));
      return "needs attention";
    }
  }
  if (!order) throw new Error(`Draft ${draftId} reported confirmed but has no order yet`);
  const confirmed = order;
  const saved = await apply(ctx, shop, shipmentId, (current) =>
    current.shippingOrderId
      ? null
      : {
          patch: { ...orderPatch(confirmed), problem: null },
          event: { actor: ACTOR.confirm, type: "confirmed", message: `Order ${confirmed.id}, waybill ${confirmed.courier?.waybill_id ?? "pending"}`, data: { shippingOrderId: confirmed.id } },
        },
  );
  if (saved?.status === "cancelled") return "cancelled";
  if (saved?.shippingOrderId) {
    const settings = await getShopSettings(db, shop);
    if (settings.fulfilOnConfirm) await deps.enqueue.fulfil(shop, saved.id);
    else await deps.enqueue.shopifySync(shop, saved.id, saved.version);
  }
  return saved?.status ?? "gone";
}

// ---------------------------------------------------------------------------------------------
// cancel

export async function processCancel(job: JobWithSlot, deps: ShipmentDeps, token?: string): Promise<string> {
  const ctx = new Ctx(deps, job, token);
  const { shop, orderId } = shipmentJobs.cancel.payload.parse(job.data);
  const { db } = deps;
  const shipment = await getShipmentByOrder(db, shop, orderId);
  if (!shipment) return "no shipment";
  if (TERMINAL_STATUSES.has(shipment.status as ShipmentStatus)) {
    await markInbox(db, shop, orderId, ["orders/cancelled"]);
    return `already ${shipment.status}`;
  }

  if (!shipment.draftOrderId) {
    const saved = await apply(ctx, shop, shipment.id, (current) =>
      current.draftOrderId || TERMINAL_STATUSES.has(current.status as ShipmentStatus)
        ? null
        : { patch: { status: "cancelled", problem: null }, event: { actor: ACTOR.cancel, type: "cancelled", message: "Store order cancelled before a draft was made" } },
    );
    if (saved?.draftOrderId && saved.status !== "cancelled") throw new Error("A draft appeared while cancelling; retrying");
    await markInbox(db, shop, orderId, ["orders/cancelled"]);
    return "cancelled";
  }

  const { client, apiKey } = await shippingAccessForShop(db, deps.env, shop);
  let shippingOrderId = shipment.shippingOrderId;
  if (!shippingOrderId) {
    try {
      await ctx.call(apiKey, "draft_orders", () => client.deleteDraftOrder(shipment.draftOrderId!));
      await apply(ctx, shop, shipment.id, (current) =>
        current.shippingOrderId ? null : { patch: { status: "cancelled", problem: null }, event: { actor: ACTOR.cancel, type: "draft_deleted", message: `Store order cancelled: draft ${shipment.draftOrderId} deleted` } },
      );
      await markInbox(db, shop, orderId, ["orders/cancelled"]);
      return "cancelled";
    } catch (error) {
      if (error instanceof ShippingNotFoundError) {
        await apply(ctx, shop, shipment.id, () => ({ patch: { status: "cancelled", problem: null }, event: { actor: ACTOR.cancel, type: "draft_deleted", message: "Store order cancelled: the draft was already gone" } }));
        await markInbox(db, shop, orderId, ["orders/cancelled"]);
        return "cancelled";
      }
      if (!(error instanceof ShippingStateError && error.code === CODES.draftAlreadyConfirmed)) throw error;
      // Confirmed meanwhile: cancel the order instead.
      const draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(shipment.draftOrderId!));
      shippingOrderId = draft.order_id ?? null;
      if (!shippingOrderId) throw new Error(`Draft ${draft.id} is confirmed but names no order yet`);
    }
  }

  const order = await ctx.call(apiKey, "orders", () => client.getOrder(shippingOrderId!));
  const status = normaliseOrderStatus(order.status);
  if (status === "cancelled") {
    await apply(ctx, shop, shipment.id, () => ({ patch: { ...orderPatch(order), status: "cancelled", problem: null }, event: { actor: ACTOR.cancel, type: "cancelled", message: "The order was already cancelled at the service" } }));
  } else if (status && CANCELLABLE_ORDER_STATUSES.has(status)) {
    try {
      await ctx.call(apiKey, "orders", () => client.cancelOrder(order.id, { cancellation_reason_code: "others", cancellation_reason: "The store order was cancelled" }));
    } catch (error) {
      if (!(error instanceof ShippingStateError && error.code === CODES.cancelNotAllowed)) throw error;
      // Picked up in between: the next pass sees the new status.
      throw new Error("The order left the cancellable statuses while cancelling; retrying to decide again");
    }
    await apply(ctx, shop, shipment.id, () => ({ patch: { ...orderPatch(order), status: "cancelled", problem: null }, event: { actor: ACTOR.cancel, type: "cancelled", message: `Store order cancelled: order ${order.id} cancelled at the service (reason: others)` } }));
  } else {
    const problem = `The store order was cancelled, but the parcel is already ${status ?? order.status}: it cannot be cancelled at the service. Contact the courier to stop or return it.`;
    await apply(ctx, shop, shipment.id, (current) => ({
      patch: { ...orderPatch(order), ...(status && canMove(current.status as ShipmentStatus, status) ? {} : { status: current.status }), problem },
      event: { actor: ACTOR.cancel, type: "problem", message: "Needs attention: already picked up" },
    }));
  }
  await markInbox(db, shop, orderId, ["orders/cancelled"]);
  return "done";
}

// ---------------------------------------------------------------------------------------------
// update (address edits)

export async function processUpdate(job: JobWithSlot, deps: ShipmentDeps, token?: string): Promise<string> {
  const ctx = new Ctx(deps, job, token);
  const { shop, orderId, webhookId } = shipmentJobs.update.payload.parse(job.data);
  const { db } = deps;
  const shipment = await getShipmentByOrder(db, shop, orderId);
  const done = async (result: string) => {
    await db.update(webhookInbox).set({ status: "processed", processedAt: sql`now()` }).where(eq(webhookInbox.webhookId, webhookId));
    return result;
  };
  if (!shipment || TERMINAL_STATUSES.has(shipment.status as ShipmentStatus)) return done("nothing to update");
  const { order, reason } = await latestOrderPayload(db, shop, orderId);
  if (!order) {
    await apply(ctx, shop, shipment.id, () => ({ patch: { problem: reason }, event: { actor: ACTOR.update, type: "problem", message: reason } }));
    return done("unreadable order");
  }
  const settings = await getShopSettings(db, shop);
  const mapped = mapOrderToDraft({ shop, order, settings });
  const next = mapped.destination;
  const changed =
    next.name !== shipment.destinationName ||
    next.phone !== shipment.destinationPhone ||
    next.address !== shipment.destinationAddress ||
    next.postalCode !== shipment.destinationPostalCode;
  if (!changed) return done("address unchanged");

  const snapshot: ShipmentPatch = {
    destinationName: next.name,
    destinationPhone: next.phone,
    destinationEmail: next.email,
    destinationAddress: next.address,
    destinationCity: next.city,
    destinationPostalCode: next.postalCode,
  };
  if (shipment.shippingOrderId) {
    const problem = "The shipping address changed in Shopify after the shipment was confirmed: the courier has the old address. Cancel and re-create the shipment, or contact the courier.";
    await apply(ctx, shop, shipment.id, () => ({ patch: { problem }, event: { actor: ACTOR.update, type: "problem", message: "Address changed after confirmation" } }));
    return done("flagged");
  }
  if (!shipment.draftOrderId) {
    // No draft yet: a create that failed on the old address can now succeed.
    await apply(ctx, shop, shipment.id, () => ({ patch: { ...snapshot }, event: { actor: ACTOR.update, type: "address_changed", message: "Shipping address updated in Shopify" } }));
    return done("recorded");
  }
  if (!mapped.request) {
    const problem = problemText(mapped.problems.filter((p) => p.blocking));
    await apply(ctx, shop, shipment.id, () => ({ patch: { ...snapshot, problem }, event: { actor: ACTOR.update, type: "problem", message: problem } }));
    return done("needs attention");
  }
  const { client, apiKey } = await shippingAccessForShop(db, deps.env, shop);
  const r = mapped.request;
  const patch = {
    destination_contact_name: r.destination_contact_name,
    destination_contact_phone: r.destination_contact_phone,
    destination_address: r.destination_address,
    ...(r.destination_contact_email ? { destination_contact_email: r.destination_contact_email } : {}),
    ...(r.destination_postal_code ? { destination_postal_code: r.destination_postal_code } : {}),
    ...(r.destination_coordinate ? { destination_coordinate: r.destination_coordinate } : {}),
  };
  try {
    const draft = await ctx.call(apiKey, "draft_orders", () => client.updateDraftOrder(shipment.draftOrderId!, patch));
    await apply(ctx, shop, shipment.id, (current) =>
      current.shippingOrderId ? null : { patch: { ...snapshot, ...draftPatch(draft) }, event: { actor: ACTOR.update, type: "draft_updated", message: "Shipping address changed in Shopify: draft updated" } },
    );
    return done("draft updated");
  } catch (error) {
    if (error instanceof ShippingStateError && error.code === CODES.draftAlreadyConfirmed) {
      throw new Error("Confirmed while updating; retrying to flag the change");
    }
    const problem = merchantProblem(error);
    if (!problem) throw error;
    await apply(ctx, shop, shipment.id, () => ({ patch: { ...snapshot, problem }, event: { actor: ACTOR.update, type: "problem", message: problem } }));
    return done("needs attention");
  }
}

// ---------------------------------------------------------------------------------------------
// sync-status

export async function processSyncStatus(job: JobWithSlot, deps: ShipmentDeps, token?: string): Promise<string> {
  const ctx = new Ctx(deps, job, token);
  const { shop, shipmentId } = shipmentJobs.syncStatus.payload.parse(job.data);
  const shipment = await getShipment(deps.db, shop, shipmentId);
  if (!shipment?.shippingOrderId) return "nothing to sync";
  const { client, apiKey } = await shippingAccessForShop(deps.db, deps.env, shop);
  // Never trust an event's body: ask the service.
  const order = await ctx.call(apiKey, "orders", () => client.getOrder(shipment.shippingOrderId!));
  const status = normaliseOrderStatus(order.status);
  const saved = await apply(ctx, shop, shipmentId, (current) => {
    const patch: ShipmentPatch = {};
    const notes: string[] = [];
    if (status && isShipmentStatus(status) && canMove(current.status as ShipmentStatus, status)) {
      patch.status = status;
      notes.push(`status ${current.status} → ${status}`);
    }
    const waybill = order.courier?.waybill_id ?? null;
    if (waybill && waybill !== current.waybillId) {
      patch.waybillId = waybill;
      patch.trackingUrl = order.courier?.link ?? current.trackingUrl;
      notes.push(`waybill ${current.waybillId ?? "none"} → ${waybill}`);
    }
    const price = order.price === null || order.price === undefined ? null : String(order.price);
    if (price !== null && Number(price) !== Number(current.price)) {
      patch.price = price;
      notes.push(`price ${current.price ?? "none"} → ${price}`);
    }
    if (notes.length === 0) return null;
    return { patch, event: { actor: ACTOR.sync, type: "synced", message: notes.join("; ") } };
  });
  // Tell Shopify (tracking, status metafield) when something it shows changed.
  if (saved && (saved.status !== shipment.status || saved.waybillId !== shipment.waybillId)) await deps.enqueue.shopifySync(shop, saved.id, saved.version);
  return saved?.status ?? "gone";
}

/** Job name → processor, for the worker's processor table. */
export const shipmentProcessors = {
  [shipmentJobs.createDraft.name]: processCreateDraft,
  [shipmentJobs.confirm.name]: processConfirm,
  [shipmentJobs.cancel.name]: processCancel,
  [shipmentJobs.update.name]: processUpdate,
  [shipmentJobs.syncStatus.name]: processSyncStatus,
} as const;
