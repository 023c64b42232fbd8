import type { EventType } from "./event-types";
import type { TFunction } from "i18next";
import type { Db } from "../db/client.server";
import type en from "../i18n/locales/en.json";
import { englishT } from "../i18n/english";
import { said, type Said } from "../i18n/said";
import type { Shipment } from "../db/schema";
import type { Env } from "../platform/env.server";
import type { enqueue as enqueueFns } from "../jobs/queues.server";
import { ShippingError } from "../shipping/errors";
import type { DraftOrder, DraftOrderUpdateRequest } from "../shipping/contract";
import { shippingClientForShop } from "../shops/shipping-client.server";
import { startImport } from "../orders/imports.server";
import { referenceIdFor } from "../orders/map";
import {
  addShipmentEvent,
  getShipment,
  startNextAttempt,
  updateShipment,
} from "./shipments.server";
import { statusLabel } from "./status-words";
import { TERMINAL_STATUSES, type ShipmentStatus } from "./states";
import { cancellable } from "./available";
import { isRowId } from "../platform/row-id";

/**
 * What a merchant can do to a shipment from the admin (pages, order block, bulk actions). Every
 * function takes the shop from the authenticated session and refuses shipments of other shops as
 * if they did not exist. Work at the service goes through the same jobs the webhooks use; job ids
 * carry the shipment's version, so a double click makes one job.
 */

/**
 * Why an action was refused: a text key (`actionError.<key>`) with its values, written in the
 * reader's language where it is shown (`describe`); its message is the English text, for logs.
 */
export class ShipmentActionError extends Error {
  override name = "ShipmentActionError";
  constructor(
    readonly key: ActionErrorKey,
    readonly values: Record<string, string> = {},
    readonly status: 400 | 404 | 409 | 429 = 409,
  ) {
    super("");
    this.message = this.describe(englishT);
  }

  /** The refusal in the reader's words (a status named as the pages name it, not by its code). */
  describe(t: TFunction): string {
    const { status } = this.values;
    return t(`actionError.${this.key}`, {
      ...this.values,
      ...(status ? { status: statusLabel(status, t) } : {}),
    });
  }
}

type ActionErrorKey = keyof (typeof en)["actionError"];

export interface ActionDeps {
  db: Db;
  enqueue: Pick<
    typeof enqueueFns,
    "createDraft" | "confirm" | "cancel" | "importOrders" | "importOrder"
  >;
  env: Pick<Env, "ENCRYPTION_KEY" | "SHIPPING_API_BASE_URL" | "SHIPPING_API_TIMEOUT_MS">;
}

/** The shop's shipment by id; another shop's, or none, is refused as not found (404). */
export async function ownShipment(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
): Promise<Shipment> {
  const shipment = isRowId(shipmentId) ? await getShipment(deps.db, shop, shipmentId) : null;
  if (!shipment) throw new ShipmentActionError("notFound", {}, 404);
  return shipment;
}

export const MERCHANT = "merchant";
/** The buyer, from a held COD order's page (app/buyer-page/). */
export const BUYER = "buyer";

/**
 * The merchant's request queued, or refused in words when the shop's share of requested work is
 * full (429): nothing is recorded for a request that was not taken.
 */
async function queuedOrRefused(queued: Promise<unknown>): Promise<void> {
  if ((await queued) === null) throw new ShipmentActionError("busy", {}, 429);
}

/**
 * Records the merchant's request; clears a stale problem (which bumps the version). The job id
 * then carries the version, so repeated clicks on an unchanged shipment make one job.
 */
async function request(
  deps: ActionDeps,
  shipment: Shipment,
  type: EventType,
  message: Said,
): Promise<Shipment> {
  if (shipment.problem) {
    const updated = await updateShipment(
      deps.db,
      shipment,
      { problem: null },
      { actor: MERCHANT, type, message },
    );
    if (updated) return updated;
    throw new ShipmentActionError("changed");
  }
  await addShipmentEvent(deps.db, shipment, { actor: MERCHANT, type, message });
  return shipment;
}

/** Creates the draft now (automatic creation off, or after fixing a problem). */
export async function createNow(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (shipment.status !== "pending")
    throw new ShipmentActionError("draftExists", { status: shipment.status });
  const updated = await request(deps, shipment, "create_requested", said("draftRequested"));
  await deps.enqueue.createDraft(shop, shipment.orderId, `v${updated.version}`, shipment.part);
  return updated;
}

export async function confirm(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (shipment.status === "draft_placed") throw new ShipmentActionError("chooseCourier");
  if (shipment.status !== "draft_ready")
    throw new ShipmentActionError("notReady", { status: shipment.status });
  const updated = await request(
    deps,
    shipment,
    "confirm_requested",
    shipment.awaitingPayment ? said("bookingBeforePayment") : said("confirmRequested"),
  );
  // The merchant's own request books whatever the payment state (automation waits for payment).
  await deps.enqueue.confirm(shop, shipment.id, `v${updated.version}`, true);
  return updated;
}

export async function cancel(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (TERMINAL_STATUSES.has(shipment.status as ShipmentStatus))
    throw new ShipmentActionError("nothingToCancel", { status: shipment.status });
  // The courier has the parcel: the service cancels nothing any more; the courier can stop it.
  if (!cancellable(shipment.status))
    throw new ShipmentActionError("withCourier", { status: shipment.status });
  await queuedOrRefused(
    deps.enqueue.cancel(shop, shipment.orderId, {
      attempt: shipment.attempt,
      part: shipment.part,
    }),
  );
  await addShipmentEvent(deps.db, shipment, {
    actor: MERCHANT,
    type: "cancel_requested",
    message: said("cancelRequested"),
  });
  return shipment;
}

/**
 * Cancel and book again: for a shipment that no longer matches its order (edited after booking).
 * The cancel job makes the order's next shipment (its own reference) once this one is cancelled.
 */
export async function rebook(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (shipment.status === "cancelled") return shipAgain(deps, shop, shipmentId);
  if (TERMINAL_STATUSES.has(shipment.status as ShipmentStatus))
    throw new ShipmentActionError("cannotRebook", { status: shipment.status });
  await queuedOrRefused(
    deps.enqueue.cancel(shop, shipment.orderId, {
      attempt: shipment.attempt,
      part: shipment.part,
      rebook: true,
    }),
  );
  await addShipmentEvent(deps.db, shipment, {
    actor: MERCHANT,
    type: "rebook_requested",
    message: said("rebookRequested"),
  });
  return shipment;
}

/** A cancelled shipment, made again: the order's next attempt with its own reference_id. */
export async function shipAgain(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (shipment.status !== "cancelled") throw new ShipmentActionError("onlyCancelledAgain");
  const next = await startNextAttempt(
    deps.db,
    shipment,
    MERCHANT,
    referenceIdFor(shop, shipment.orderId, shipment.attempt + 1, shipment.part),
  );
  if (!next) throw new ShipmentActionError("newerShipment");
  await deps.enqueue.createDraft(shop, shipment.orderId, `a${next.attempt}`, next.part);
  return next;
}

/** Does again whatever the shipment is stuck on: create, or confirm. */
export async function retry(deps: ActionDeps, shop: string, shipmentId: string): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (shipment.status === "pending") return createNow(deps, shop, shipmentId);
  if (shipment.status === "draft_ready") return confirm(deps, shop, shipmentId);
  throw new ShipmentActionError("nothingToRetry", { status: shipment.status });
}

/**
 * The merchant's courier for a shipment not booked yet. On a draft: set from its rates (the
 * service checks it is among them), synchronously, so the merchant sees the outcome at once.
 * Without a draft (it could not be made): kept on the shipment and the draft made again with it.
 */
export async function chooseCourier(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
  company: string,
  type: string,
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (shipment.shippingOrderId) throw new ShipmentActionError("bookedCourier");
  if (!shipment.draftOrderId) {
    if (shipment.status !== "pending")
      throw new ShipmentActionError("noCourierToChoose", { status: shipment.status });
    const updated = await updateShipment(
      deps.db,
      shipment,
      { chosenCourier: { company, type }, problem: null },
      {
        actor: MERCHANT,
        type: "courier_chosen",
        message: said("courierChosenDraftRequested", {
          courier: { courier: company, service: type },
        }),
      },
    );
    if (!updated) throw new ShipmentActionError("changed");
    await deps.enqueue.createDraft(shop, shipment.orderId, `v${updated.version}`, shipment.part);
    return updated;
  }
  const draft = await updateDraftAsked(deps, shop, shipment.draftOrderId, {
    courier_company: company,
    courier_type: type,
  });
  const updated = await updateShipment(
    deps.db,
    shipment,
    {
      status: draft.status === "ready" ? "draft_ready" : "draft_placed",
      courierCompany: draft.courier?.company ?? null,
      courierType: draft.courier?.type ?? null,
      price: draft.price === null || draft.price === undefined ? null : String(draft.price),
      chosenCourier: { company, type },
      problem: null,
    },
    {
      actor: MERCHANT,
      type: "courier_chosen",
      message:
        draft.price === null || draft.price === undefined
          ? said("courierChosenNoPrice", { courier: { courier: company, service: type } })
          : said("courierChosenPrice", {
              courier: { courier: company, service: type },
              price: { amount: Number(draft.price), currency: shipment.currency ?? "IDR" },
            }),
    },
  );
  if (!updated) throw new ShipmentActionError("changed");
  return updated;
}

/**
 * A draft updated at the merchant's request, while they wait (courier, pickup time, insurance): the
 * service's answer, or its refusal in their words (400); a retryable failure (the service down)
 * is thrown as it is.
 */
export async function updateDraftAsked(
  deps: ActionDeps,
  shop: string,
  draftOrderId: string,
  body: DraftOrderUpdateRequest,
): Promise<DraftOrder> {
  const client = await shippingClientForShop(deps.db, deps.env, shop);
  try {
    return await client.updateDraftOrder(draftOrderId, body);
  } catch (error) {
    if (error instanceof ShippingError && !error.retryable)
      throw new ShipmentActionError("serviceRefused", { reason: error.message }, 400);
    throw error;
  }
}

/**
 * Starts the import of the shop's open orders of the last 60 days (one run at a time). Asked again
 * while one runs, its next page's job is queued again: nothing when that job is still queued (same
 * id), and the run goes on when Redis lost it.
 */
export async function importOpenOrders(deps: ActionDeps, shop: string): Promise<string> {
  const run = await startImport(deps.db, shop);
  await deps.enqueue.importOrders(shop, run.id, run.pages);
  return run.id;
}

/** The draft's rates, for the courier choice. */
export async function draftRates(deps: ActionDeps, shop: string, shipmentId: string) {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (!shipment.draftOrderId || shipment.shippingOrderId) return [];
  const client = await shippingClientForShop(deps.db, deps.env, shop);
  return (await client.getDraftOrderRates(shipment.draftOrderId)).pricing;
}
