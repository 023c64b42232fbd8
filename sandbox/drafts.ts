import crypto from "node:crypto";
import { CODES, type DraftOrder } from "#app/shipping/contract.ts";
import { CATALOGUE } from "./catalogue.ts";
import type { Quote } from "./pricing.ts";
import type { AddRoute, Body } from "./routes.ts";
import { hex } from "./ids.ts";
import type { Behaviour } from "./behaviour.ts";
import type { DraftRecord } from "./draft-record.ts";
import type { Orders } from "./orders.ts";
import type { Rates } from "./rates.ts";
import type { ServiceCore } from "./service-core.ts";
import { itemJson, sideJson } from "./shipment-json.ts";
import { SandboxError, type ShipmentSpec } from "./validation.ts";

/** Draft orders: `/v1/draft_orders`. placed (no courier) → ready (courier, priced) → confirmed (an order exists). */
export class Drafts {
  constructor(
    private readonly s: ServiceCore,
    private readonly orders: Orders,
    private readonly pricing: Rates,
  ) {}

  create(key: string, body: Body): DraftRecord {
    const account = this.s.account(key);
    const spec = this.validate(key, body);
    if (spec.referenceId !== null) {
      const existing = account.draftRefs.get(spec.referenceId);
      if (existing) {
        throw new SandboxError(
          422,
          CODES.draftReferenceUsed,
          `reference_id ${spec.referenceId} is already used by another draft order`,
          {
            draft_order_id: existing,
            reference_id: spec.referenceId,
            order_id: account.drafts.get(existing)?.orderId ?? null,
          },
        );
      }
    }
    const now = this.s.iso();
    const q = spec.service ? this.s.requireQuote(spec, spec.service) : null;
    const draft: DraftRecord = {
      id: crypto.randomUUID(),
      body: { ...body },
      spec,
      status: spec.service ? "ready" : "placed",
      quote: q,
      orderId: null,
      invoiceId: `INV/${now.slice(0, 10).replaceAll("-", "")}/${hex(4).toUpperCase()}`,
      createdAt: now,
      updatedAt: now,
      placedAt: now,
      readyAt: spec.service ? now : null,
      confirmedAt: null,
      deletedAt: null,
    };
    account.drafts.set(draft.id, draft);
    if (spec.referenceId !== null) account.draftRefs.set(spec.referenceId, draft.id);
    return draft;
  }

  get(key: string, id: string, options: { includeDeleted?: boolean } = {}): DraftRecord {
    const draft = this.s.account(key).drafts.get(id);
    if (!draft || (draft.deletedAt && !options.includeDeleted))
      throw new SandboxError(404, CODES.draftNotFound, `Draft order ${id} not found`);
    return draft;
  }

  update(key: string, id: string, patch: Body): DraftRecord {
    const account = this.s.account(key);
    const draft = this.get(key, id);
    if (draft.status === "confirmed")
      throw new SandboxError(
        422,
        CODES.draftAlreadyConfirmed,
        `Draft order ${id} is already confirmed`,
      );
    const merged: Body = { ...draft.body, ...patch };
    const courierInPatch = "courier_company" in patch || "courier_type" in patch;
    // An instant courier needs both coordinates: an update that removes one clears the courier
    // and sends the draft back to placed, unless the update itself chose that courier.
    const prior = draft.spec.service;
    if (!courierInPatch && prior?.instant) {
      const lost = (p: "origin" | "destination") =>
        `${p}_coordinate` in patch &&
        (patch[`${p}_coordinate`] === null || patch[`${p}_coordinate`] === undefined);
      if (lost("origin") || lost("destination")) {
        delete merged.courier_company;
        delete merged.courier_type;
      }
    }
    for (const [k, v] of Object.entries(merged)) if (v === null) delete merged[k];
    const spec = this.validate(key, merged);
    if (spec.referenceId !== draft.spec.referenceId && spec.referenceId !== null) {
      const other = account.draftRefs.get(spec.referenceId);
      if (other && other !== id) {
        throw new SandboxError(
          422,
          CODES.draftReferenceUsed,
          `reference_id ${spec.referenceId} is already used by another draft order`,
          { draft_order_id: other, reference_id: spec.referenceId },
        );
      }
    }
    let q: Quote | null = null;
    if (spec.service) {
      q = this.s.quoteFor(spec, spec.service);
      if (!q)
        throw new SandboxError(
          400,
          CODES.courierTypeUnknown,
          `courier_type ${spec.service.serviceCode} of ${spec.service.courierCode} is not among this draft's rates`,
        );
    }
    const now = this.s.iso();
    if (draft.spec.referenceId !== null && draft.spec.referenceId !== spec.referenceId)
      account.draftRefs.delete(draft.spec.referenceId);
    if (spec.referenceId !== null) account.draftRefs.set(spec.referenceId, id);
    draft.body = merged;
    draft.spec = spec;
    draft.quote = q;
    draft.updatedAt = now;
    if (spec.service && draft.status === "placed") {
      draft.status = "ready";
      draft.readyAt = now;
    } else if (!spec.service && draft.status === "ready") {
      draft.status = "placed";
      draft.readyAt = null;
    }
    return draft;
  }

  delete(key: string, id: string): DraftRecord {
    const account = this.s.account(key);
    const draft = this.get(key, id);
    if (draft.status === "confirmed")
      throw new SandboxError(
        422,
        CODES.draftAlreadyConfirmed,
        `Draft order ${id} is confirmed and cannot be deleted`,
      );
    draft.deletedAt = this.s.iso();
    draft.updatedAt = draft.deletedAt;
    // A deleted draft cannot be restored; its reference_id is free for a new draft.
    if (draft.spec.referenceId !== null && account.draftRefs.get(draft.spec.referenceId) === id)
      account.draftRefs.delete(draft.spec.referenceId);
    return draft;
  }

  confirm(key: string, id: string) {
    const draft = this.get(key, id);
    if (draft.status === "confirmed") {
      throw new SandboxError(
        422,
        CODES.draftAlreadyConfirmed,
        `Draft order ${id} is already confirmed`,
        { order_id: draft.orderId },
      );
    }
    if (draft.status !== "ready" || !draft.spec.service || !draft.quote) {
      throw new SandboxError(
        422,
        CODES.draftNotReady,
        `Draft order ${id} is not ready to be confirmed: set courier_company and courier_type first`,
      );
    }
    if (
      draft.spec.scheduledAt &&
      new Date(draft.spec.scheduledAt).getTime() < this.s.now().getTime()
    ) {
      throw new SandboxError(
        400,
        CODES.timePassed,
        "delivery_date and delivery_time are already in the past",
      );
    }
    const order = this.orders.insert(key, draft.spec, draft.quote, draft.id);
    const now = this.s.iso();
    draft.status = "confirmed";
    draft.confirmedAt = now;
    draft.updatedAt = now;
    draft.orderId = order.id;
    return order;
  }

  /** The rates answer for this draft's route and items; a confirmed draft has none (42211006). */
  rates(key: string, id: string) {
    const draft = this.get(key, id);
    if (draft.status === "confirmed")
      throw new SandboxError(
        422,
        CODES.draftAlreadyConfirmed,
        `Draft order ${id} is already confirmed: it has no rates any more`,
        { order_id: draft.orderId },
      );
    return {
      success: true,
      object: "courier_pricing",
      message: "Success to retrieve courier pricing",
      code: CODES.draftRates,
      origin: this.pricing.detailOfSide(draft.spec.origin),
      stops: [],
      destination: this.pricing.detailOfSide(draft.spec.destination),
      pricing: this.pricing.pricingFor(draft.spec, CATALOGUE),
    };
  }

  json(key: string, draft: DraftRecord, extra: Record<string, unknown> = {}): DraftOrder {
    const { spec } = draft;
    const service = spec.service;
    return {
      success: true,
      ...extra,
      object: "draft_order",
      id: draft.id,
      order_id: draft.orderId,
      origin: { ...sideJson(spec.origin), collection_method: spec.collectionMethod },
      destination: {
        ...sideJson(spec.destination),
        proof_of_delivery: {
          use: spec.proofOfDelivery !== null,
          fee: draft.quote?.podFee ?? 0,
          fee_currency: "IDR",
          note: spec.proofOfDelivery?.note ?? null,
          link: null,
        },
        // An object even without cash on delivery, its fields null (as the documentation shows).
        cash_on_delivery: {
          payment_method: spec.cod ? "cash" : null,
          amount: spec.cod?.amount ?? null,
          amount_currency: "IDR",
          note: null,
          type: spec.cod?.type ?? null,
        },
      },
      courier: {
        name: null,
        phone: null,
        company: service?.courierCode ?? null,
        type: service?.serviceCode ?? null,
        link: null,
        tracking_id: null,
        waybill_id: null,
        insurance: {
          amount: spec.insurance ?? 0,
          fee: draft.quote?.insuranceFee ?? 0,
          note: "",
          amount_currency: "IDR",
          fee_currency: "IDR",
        },
        routing_code: null,
      },
      delivery: {
        type: spec.deliveryType,
        datetime: spec.scheduledAt ?? draft.createdAt,
        note: spec.orderNote,
        distance: draft.quote?.distanceKm ?? null,
        distance_unit: "kilometer",
      },
      extra: [],
      tags: spec.tags,
      metadata: spec.metadata,
      items: spec.items.map(itemJson),
      currency: "IDR",
      tax_lines: [],
      price: draft.quote?.price ?? null,
      status: draft.status,
      reference_id: spec.referenceId,
      invoice_id: draft.invoiceId,
      user_id: this.s.account(key).userId,
      created_at: draft.createdAt,
      updated_at: draft.updatedAt,
      placed_at: draft.placedAt,
      ready_at: draft.readyAt,
      confirmed_at: draft.confirmedAt,
      deleted_at: draft.deletedAt,
    };
  }

  /**
   * Validation in the draft module. With the `generic` draft-error behaviour the orders module's
   * field codes (400020xx) are answered as 40011001, the message still naming the field.
   */
  private validate(key: string, body: Body): ShipmentSpec {
    try {
      return this.s.validate(key, body, "draft", false);
    } catch (error) {
      if (
        error instanceof SandboxError &&
        this.s.behaviour.draftErrors === "generic" &&
        Math.floor(error.code / 1000) === 40002
      ) {
        throw new SandboxError(400, CODES.draftBadRequest, error.message, error.details);
      }
      throw error;
    }
  }
}

/** The draft-order routes, over the service's drafts (and its orders, which a confirmation makes). */
export function draftRoutes(
  route: AddRoute,
  service: { drafts: Drafts; orders: Orders; behaviour: Behaviour },
): void {
  const { drafts } = service;
  // 201: the success code 20111002 carries the HTTP-like status 201.
  route("POST", "/v1/draft_orders", "draft_orders", ({ key, body }) => ({
    status: 201,
    body: drafts.json(key, drafts.create(key, body), {
      message: "Draft order successfully created",
      code: CODES.draftCreated,
    }),
  }));
  route("GET", "/v1/draft_orders/:id", "draft_orders", ({ key, params }) => ({
    body: drafts.json(key, drafts.get(key, params[0]!, { includeDeleted: true }), {
      message: "Draft order successfully retrieved",
      code: CODES.draftRetrieved,
    }),
  }));
  route("POST", "/v1/draft_orders/:id", "draft_orders", ({ key, params, body }) => ({
    body: drafts.json(key, drafts.update(key, params[0]!, body), {
      message: "Draft order successfully updated",
      code: CODES.draftUpdated,
    }),
  }));
  route("DELETE", "/v1/draft_orders/:id", "draft_orders", ({ key, params }) => {
    const draft = drafts.delete(key, params[0]!);
    const message = "Draft order successfully deleted";
    return {
      body:
        service.behaviour.draftDeleteAnswer === "with_id"
          ? {
              success: true,
              code: CODES.draftDeleted,
              object: "draft_order",
              id: draft.id,
              message,
            }
          : { success: true, code: CODES.draftDeleted, message },
    };
  });
  // Confirm takes no body: `[]`, `{}` or anything else a client sends is ignored.
  route(
    "POST",
    "/v1/draft_orders/:id/confirm",
    "draft_orders",
    ({ key, params }) => {
      const order = drafts.confirm(key, params[0]!);
      return {
        body: {
          ...service.orders.json(order, { message: "Order successfully created" }),
          stops: [],
        },
      };
    },
    { ignoresBody: true },
  );
  route("GET", "/v1/draft_orders/:id/rates", "draft_orders", ({ key, params }) => ({
    body: drafts.rates(key, params[0]!),
  }));
}
