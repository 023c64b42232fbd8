import crypto from "node:crypto";
import {
  CANCELLABLE_ORDER_STATUSES,
  CANCELLATION_REASON_CODES,
  CODES,
  ORDER_STATUSES,
  TERMINAL_ORDER_STATUSES,
  type DraftOrder,
  type Order,
  type OrderStatus,
  type Pricing,
} from "../app/shipping/contract.ts";
import { areaById, areaByPostalCode } from "./areas.ts";
import { CATALOGUE, findCourier, findService, type CourierServiceDef } from "./catalogue.ts";
import { quote, type Place, type Quote } from "./pricing.ts";
import { SandboxError, validateShipment, type Module, type ShipmentSpec, type SideSpec } from "./validation.ts";

/**
 * The shipping service's state and behaviour, independent of HTTP: accounts (one per API key),
 * locations, draft orders, orders and their status lifecycle. Everything lives in memory;
 * snapshot()/restore() carry it across restarts when the sandbox is given a state file.
 */

type Body = Record<string, unknown>;

export interface LocationRecord {
  id: string;
  name: string;
  contactName: string;
  contactPhone: string;
  address: string;
  note: string | null;
  postalCode: number;
  latitude: number | null;
  longitude: number | null;
  type: "origin" | "destination";
  createdAt: string;
  updatedAt: string;
}

export interface DraftRecord {
  id: string;
  body: Body;
  spec: ShipmentSpec;
  status: "placed" | "ready" | "confirmed";
  quote: Quote | null;
  orderId: string | null;
  invoiceId: string;
  createdAt: string;
  updatedAt: string;
  placedAt: string | null;
  readyAt: string | null;
  confirmedAt: string | null;
  deletedAt: string | null;
}

export interface OrderRecord {
  id: string;
  shortId: string;
  draftOrderId: string | null;
  spec: ShipmentSpec;
  status: OrderStatus;
  quote: Quote;
  waybillId: string;
  trackingId: string;
  history: { status: OrderStatus; note: string; service_type: string; updated_at: string }[];
  driver: { name: string | null; phone: string | null; plate: string | null; photo: string | null };
  cancellation: { code: string; reason: string | null } | null;
  invoiceId: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookConfig {
  url: string;
  headerName: string | null;
  headerSecret: string | null;
}

interface Account {
  userId: string;
  mode: "test" | "live";
  locations: Map<string, LocationRecord>;
  drafts: Map<string, DraftRecord>;
  orders: Map<string, OrderRecord>;
  /** reference_id → draft id, for live (not deleted) drafts. */
  draftRefs: Map<string, string>;
  /** reference_id → order id. */
  orderRefs: Map<string, string>;
  webhook: WebhookConfig | null;
}

/** A change the service announces to the account's webhook (flat body, as the live service sends). */
export type EventSink = (accountKey: string, body: Record<string, unknown>) => void;

export interface ServiceOptions {
  now?: () => Date;
  /** Offset of the service's local time from UTC (WIB, +07:00, by default). */
  utcOffsetMinutes?: number;
  /** Public base URL, for tracking links. */
  publicUrl?: () => string;
  /** Share (0..1) of instant-courier orders that end in courier_not_found at allocation. */
  courierNotFoundRate?: number;
  random?: () => number;
  onEvent?: EventSink;
}

const CANCELLATION_REASONS = {
  en: [
    { code: "change_courier", reason: "Change courier" },
    { code: "pickup_delay", reason: "Courier did not pick up on time" },
    { code: "change_address", reason: "Change address" },
    { code: "others", reason: "Others" },
  ],
  id: [
    { code: "change_courier", reason: "Ganti kurir" },
    { code: "pickup_delay", reason: "Kurir tidak menjemput tepat waktu" },
    { code: "change_address", reason: "Ganti alamat" },
    { code: "others", reason: "Lainnya" },
  ],
};

const PARCEL_PATH: OrderStatus[] = ["confirmed", "allocated", "picking_up", "picked", "in_transit", "dropping_off", "delivered"];
const INSTANT_PATH: OrderStatus[] = ["confirmed", "allocated", "picking_up", "picked", "dropping_off", "delivered"];
const STATUS_NOTES: Record<OrderStatus, string> = {
  confirmed: "Order has been confirmed. Locating nearest driver to pick up.",
  scheduled: "Order has been scheduled for pickup.",
  allocated: "Courier has been allocated. Waiting to pick up.",
  picking_up: "Courier is on the way to pick up the item.",
  picked: "Item has been picked up and is ready to be shipped.",
  in_transit: "Item is in transit to the destination city.",
  on_hold: "Shipment is on hold.",
  dropping_off: "Item is on the way to the customer.",
  delivered: "Item has been delivered.",
  cancelled: "Order is cancelled.",
  return_in_transit: "Item is on the way back to the shipper.",
  returned: "Item has been returned to the shipper.",
  rejected: "Shipment was rejected by the receiver.",
  disposed: "Item has been disposed.",
  courier_not_found: "No courier could be found for this order.",
};

const hex = (bytes: number) => crypto.randomBytes(bytes).toString("hex");

export class ShippingService {
  private readonly accounts = new Map<string, Account>();
  private readonly now: () => Date;
  private readonly utcOffsetMinutes: number;
  private readonly publicUrl: () => string;
  private readonly random: () => number;
  courierNotFoundRate: number;
  onEvent: EventSink;

  constructor(options: ServiceOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.utcOffsetMinutes = options.utcOffsetMinutes ?? 7 * 60;
    this.publicUrl = options.publicUrl ?? (() => "http://127.0.0.1:4010");
    this.random = options.random ?? Math.random;
    this.courierNotFoundRate = options.courierNotFoundRate ?? 0;
    this.onEvent = options.onEvent ?? (() => {});
  }

  private iso() {
    return this.now().toISOString();
  }

  account(key: string): Account {
    let account = this.accounts.get(key);
    if (!account) {
      account = {
        userId: crypto.createHash("sha256").update(key).digest("hex").slice(0, 24),
        mode: key.startsWith("biteship_live.") ? "live" : "test",
        locations: new Map(),
        drafts: new Map(),
        orders: new Map(),
        draftRefs: new Map(),
        orderRefs: new Map(),
        webhook: null,
      };
      this.accounts.set(key, account);
    }
    return account;
  }

  reset(): void {
    this.accounts.clear();
  }

  // -------------------------------------------------------------------------------------------
  // Locations

  createLocation(key: string, body: Body): LocationRecord {
    const record = this.buildLocation(body, null);
    this.account(key).locations.set(record.id, record);
    return record;
  }

  getLocation(key: string, id: string): LocationRecord {
    const record = this.account(key).locations.get(id);
    if (!record) throw new SandboxError(404, CODES.locationNotFound, `Location ${id} not found`);
    return record;
  }

  updateLocation(key: string, id: string, body: Body): LocationRecord {
    const current = this.getLocation(key, id);
    const record = this.buildLocation({ ...locationToBody(current), ...body }, current);
    this.account(key).locations.set(id, record);
    return record;
  }

  deleteLocation(key: string, id: string): void {
    this.getLocation(key, id);
    this.account(key).locations.delete(id);
  }

  private buildLocation(body: Body, current: LocationRecord | null): LocationRecord {
    const bad = (message: string) => new SandboxError(400, CODES.locationBadRequest, message);
    for (const field of ["name", "contact_name", "contact_phone", "address"]) {
      if (typeof body[field] !== "string" || (body[field] as string).trim() === "") throw bad(`${field} is required`);
    }
    const postal = body.postal_code;
    if (typeof postal !== "number" || !Number.isInteger(postal) || postal < 10000 || postal > 99999) throw bad("postal_code must be a 5-digit number");
    for (const field of ["latitude", "longitude"]) {
      if (body[field] !== undefined && body[field] !== null && typeof body[field] !== "number") throw bad(`${field} must be a number`);
    }
    if (typeof body.latitude === "number" && Math.abs(body.latitude) > 90) throw bad("latitude is out of range");
    if (typeof body.longitude === "number" && Math.abs(body.longitude) > 180) throw bad("longitude is out of range");
    if (body.type !== "origin" && body.type !== "destination") throw bad("type must be origin or destination");
    if (body.note !== undefined && body.note !== null && typeof body.note !== "string") throw bad("note must be a string");
    const now = this.iso();
    return {
      id: current?.id ?? hex(12),
      name: body.name as string,
      contactName: body.contact_name as string,
      contactPhone: body.contact_phone as string,
      address: body.address as string,
      note: (body.note as string | null | undefined) ?? null,
      postalCode: postal,
      latitude: (body.latitude as number | undefined) ?? null,
      longitude: (body.longitude as number | undefined) ?? null,
      type: body.type,
      createdAt: current?.createdAt ?? now,
      updatedAt: now,
    };
  }

  private validate(key: string, body: Body, module: Module, courierRequired: boolean): ShipmentSpec {
    const account = this.account(key);
    return validateShipment(body, {
      module,
      now: this.now,
      utcOffsetMinutes: this.utcOffsetMinutes,
      location: (id) => {
        const l = account.locations.get(id);
        if (!l) return undefined;
        return {
          contactName: l.contactName,
          contactPhone: l.contactPhone,
          contactEmail: null,
          address: l.address,
          note: l.note,
          postalCode: l.postalCode,
          coordinate: l.latitude !== null && l.longitude !== null ? { latitude: l.latitude, longitude: l.longitude } : null,
        };
      },
    }, { courierRequired });
  }

  private quoteFor(spec: ShipmentSpec, service: CourierServiceDef): Quote | null {
    return quote(service, place(spec.origin), place(spec.destination), spec.items, {
      insuredValue: spec.insurance ?? undefined,
      codAmount: spec.cod?.amount,
      proofOfDelivery: spec.proofOfDelivery !== null,
    });
  }

  private requireQuote(spec: ShipmentSpec, service: CourierServiceDef): Quote {
    const q = this.quoteFor(spec, service);
    if (!q) {
      throw new SandboxError(400, CODES.ratesNoCourier, `${service.courierCode} ${service.serviceCode} cannot carry this shipment (distance or weight out of its range)`);
    }
    return q;
  }

  // -------------------------------------------------------------------------------------------
  // Draft orders

  createDraft(key: string, body: Body): DraftRecord {
    const account = this.account(key);
    const spec = this.validate(key, body, "draft", false);
    if (spec.referenceId !== null) {
      const existing = account.draftRefs.get(spec.referenceId);
      if (existing) {
        throw new SandboxError(422, CODES.draftReferenceUsed, `reference_id ${spec.referenceId} is already used by another draft order`, {
          draft_order_id: existing,
          reference_id: spec.referenceId,
          order_id: account.drafts.get(existing)?.orderId ?? null,
        });
      }
    }
    const now = this.iso();
    const q = spec.service ? this.requireQuote(spec, spec.service) : null;
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

  getDraft(key: string, id: string, options: { includeDeleted?: boolean } = {}): DraftRecord {
    const draft = this.account(key).drafts.get(id);
    if (!draft || (draft.deletedAt && !options.includeDeleted)) throw new SandboxError(404, CODES.draftNotFound, `Draft order ${id} not found`);
    return draft;
  }

  updateDraft(key: string, id: string, patch: Body): DraftRecord {
    const account = this.account(key);
    const draft = this.getDraft(key, id);
    if (draft.status === "confirmed") throw new SandboxError(422, CODES.draftAlreadyConfirmed, `Draft order ${id} is already confirmed`);
    const merged: Body = { ...draft.body, ...patch };
    const courierInPatch = "courier_company" in patch || "courier_type" in patch;
    // An instant courier needs both coordinates: an update that removes one clears the courier
    // and sends the draft back to placed, unless the update itself chose that courier.
    const prior = draft.spec.service;
    if (!courierInPatch && prior?.instant) {
      const lost = (p: "origin" | "destination") => `${p}_coordinate` in patch && (patch[`${p}_coordinate`] === null || patch[`${p}_coordinate`] === undefined);
      if (lost("origin") || lost("destination")) {
        delete merged.courier_company;
        delete merged.courier_type;
      }
    }
    for (const [k, v] of Object.entries(merged)) if (v === null) delete merged[k];
    const spec = this.validate(key, merged, "draft", false);
    if (spec.referenceId !== draft.spec.referenceId && spec.referenceId !== null) {
      const other = account.draftRefs.get(spec.referenceId);
      if (other && other !== id) {
        throw new SandboxError(422, CODES.draftReferenceUsed, `reference_id ${spec.referenceId} is already used by another draft order`, { draft_order_id: other, reference_id: spec.referenceId });
      }
    }
    let q: Quote | null = null;
    if (spec.service) {
      q = this.quoteFor(spec, spec.service);
      if (!q) throw new SandboxError(400, CODES.courierTypeUnknown, `courier_type ${spec.service.serviceCode} of ${spec.service.courierCode} is not among this draft's rates`);
    }
    const now = this.iso();
    if (draft.spec.referenceId !== null && draft.spec.referenceId !== spec.referenceId) account.draftRefs.delete(draft.spec.referenceId);
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

  deleteDraft(key: string, id: string): DraftRecord {
    const account = this.account(key);
    const draft = this.getDraft(key, id);
    if (draft.status === "confirmed") throw new SandboxError(422, CODES.draftAlreadyConfirmed, `Draft order ${id} is confirmed and cannot be deleted`);
    draft.deletedAt = this.iso();
    draft.updatedAt = draft.deletedAt;
    // A deleted draft cannot be restored; its reference_id is free for a new draft.
    if (draft.spec.referenceId !== null && account.draftRefs.get(draft.spec.referenceId) === id) account.draftRefs.delete(draft.spec.referenceId);
    return draft;
  }

  confirmDraft(key: string, id: string): OrderRecord {
    const draft = this.getDraft(key, id);
    if (draft.status === "confirmed") {
      throw new SandboxError(422, CODES.draftAlreadyConfirmed, `Draft order ${id} is already confirmed`, { order_id: draft.orderId });
    }
    if (draft.status !== "ready" || !draft.spec.service || !draft.quote) {
      throw new SandboxError(422, CODES.draftNotReady, `Draft order ${id} is not ready to be confirmed: set courier_company and courier_type first`);
    }
    if (draft.spec.scheduledAt && new Date(draft.spec.scheduledAt).getTime() < this.now().getTime()) {
      throw new SandboxError(400, CODES.timePassed, "delivery_date and delivery_time are already in the past");
    }
    const order = this.insertOrder(key, draft.spec, draft.quote, draft.id);
    const now = this.iso();
    draft.status = "confirmed";
    draft.confirmedAt = now;
    draft.updatedAt = now;
    draft.orderId = order.id;
    return order;
  }

  draftRates(key: string, id: string): Pricing[] {
    const draft = this.getDraft(key, id);
    return this.pricingFor(draft.spec, CATALOGUE);
  }

  // -------------------------------------------------------------------------------------------
  // Orders

  createOrder(key: string, body: Body): OrderRecord {
    const spec = this.validate(key, body, "order", true);
    return this.insertOrder(key, spec, this.requireQuote(spec, spec.service!), null);
  }

  private insertOrder(key: string, spec: ShipmentSpec, q: Quote, draftOrderId: string | null): OrderRecord {
    const account = this.account(key);
    if (spec.referenceId !== null) {
      const existingId = account.orderRefs.get(spec.referenceId);
      const existing = existingId ? account.orders.get(existingId) : undefined;
      if (existing) {
        throw new SandboxError(400, CODES.referenceUsed, `reference_id ${spec.referenceId} is already used by order ${existing.id}`, {
          order_id: existing.id,
          waybill_id: existing.waybillId,
          reference_id: spec.referenceId,
        });
      }
    }
    const service = spec.service!;
    const now = this.iso();
    const status: OrderStatus = spec.deliveryType === "scheduled" ? "scheduled" : "confirmed";
    const order: OrderRecord = {
      id: hex(12),
      shortId: hex(4).toUpperCase(),
      draftOrderId,
      spec,
      status,
      quote: q,
      waybillId: waybillFor(service),
      trackingId: hex(12),
      history: [{ status, note: STATUS_NOTES[status], service_type: service.serviceCode, updated_at: now }],
      driver: { name: null, phone: null, plate: null, photo: null },
      cancellation: null,
      invoiceId: `INV/${now.slice(0, 10).replaceAll("-", "")}/${hex(4).toUpperCase()}`,
      createdAt: now,
      updatedAt: now,
    };
    account.orders.set(order.id, order);
    if (spec.referenceId !== null) account.orderRefs.set(spec.referenceId, order.id);
    this.emit(key, order, "order.status");
    return order;
  }

  getOrder(key: string, id: string): OrderRecord {
    const order = this.account(key).orders.get(id);
    // The live service answers 400 (not 404) for an unknown order.
    if (!order) throw new SandboxError(400, CODES.orderNotFound, `Order ${id} not found`);
    return order;
  }

  updateOrder(key: string, id: string, patch: Body): OrderRecord {
    const order = this.getOrder(key, id);
    const refused: Partial<Record<OrderStatus, [number, string]>> = {
      allocated: [CODES.updateAlreadyConfirmed, "the courier has already confirmed it"],
      picking_up: [CODES.updateAlreadyConfirmed, "the courier has already confirmed it"],
      picked: [CODES.updateInProcess, "it is already in process"],
      in_transit: [CODES.updateInProcess, "it is already in process"],
      dropping_off: [CODES.updateInProcess, "it is already in process"],
      on_hold: [CODES.updateInProcess, "it is already in process"],
      return_in_transit: [CODES.updateInProcess, "it is already in process"],
      delivered: [CODES.updateDelivered, "it is delivered"],
      cancelled: [CODES.updateCancelled, "it is cancelled"],
      returned: [CODES.updateFailed, "it has ended"],
      rejected: [CODES.updateFailed, "it has ended"],
      disposed: [CODES.updateFailed, "it has ended"],
      courier_not_found: [CODES.updateFailed, "it has ended"],
    };
    const refusal = refused[order.status];
    if (refusal) throw new SandboxError(400, refusal[0], `Order ${id} cannot be updated: ${refusal[1]}`);
    if ("courier_company" in patch || "courier_type" in patch || "reference_id" in patch) {
      throw new SandboxError(400, CODES.updateFailed, "courier_company, courier_type and reference_id of an order cannot be changed; cancel it and create another");
    }
    const body = { ...specToBody(order.spec), ...patch };
    const spec = this.validate(key, body, "order", true);
    order.spec = spec;
    order.quote = this.requireQuote(spec, spec.service!);
    order.updatedAt = this.iso();
    return order;
  }

  cancelOrder(key: string, id: string, body: Body): OrderRecord {
    const order = this.getOrder(key, id);
    const code = body.cancellation_reason_code;
    const reason = body.cancellation_reason;
    if (!(CANCELLATION_REASON_CODES as readonly unknown[]).includes(code)) {
      throw new SandboxError(400, CODES.badRequest, `cancellation_reason_code must be one of ${CANCELLATION_REASON_CODES.join(", ")}`);
    }
    if (reason !== undefined && reason !== null && typeof reason !== "string") throw new SandboxError(400, CODES.badRequest, "cancellation_reason must be a string");
    if (code === "others" && (typeof reason !== "string" || reason.trim() === "")) {
      throw new SandboxError(400, CODES.badRequest, "cancellation_reason is required when cancellation_reason_code is others");
    }
    if (!CANCELLABLE_ORDER_STATUSES.has(order.status)) {
      throw new SandboxError(400, CODES.cancelNotAllowed, `Order ${id} cannot be cancelled in status ${order.status}`);
    }
    order.cancellation = { code: code as string, reason: (reason as string | undefined) ?? null };
    this.setStatus(key, order, "cancelled", reason ? `Order is cancelled: ${reason}` : undefined);
    return order;
  }

  /** DELETE /v1/orders/:id (deprecated): cancel with a free-text reason. */
  deleteOrder(key: string, id: string, body: Body): OrderRecord {
    const reason = typeof body.cancellation_reason === "string" && body.cancellation_reason.trim() !== "" ? body.cancellation_reason : "Cancelled through the deprecated DELETE endpoint";
    return this.cancelOrder(key, id, { cancellation_reason_code: "others", cancellation_reason: reason });
  }

  cancellationReasons(lang: string) {
    return lang === "id" ? CANCELLATION_REASONS.id : CANCELLATION_REASONS.en;
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  private emit(key: string, order: OrderRecord, event: "order.status" | "order.price" | "order.waybill_id") {
    const service = order.spec.service!;
    const body: Record<string, unknown> = {
      event,
      order_id: order.id,
      courier_tracking_id: order.trackingId,
      courier_waybill_id: order.waybillId,
      courier_company: service.courierCode,
      courier_type: service.serviceCode,
      courier_driver_name: order.driver.name,
      courier_driver_phone: order.driver.phone,
      courier_link: this.trackingLink(order),
      order_price: order.quote.price,
      status: order.status,
    };
    if (event === "order.price") {
      Object.assign(body, {
        price: order.quote.price,
        shippment_fee: order.quote.shippingFee,
        cash_on_delivery_fee: order.quote.codFee,
        proof_of_delivery_fee: order.quote.podFee,
      });
    }
    this.onEvent(key, body);
  }

  private setStatus(key: string, order: OrderRecord, status: OrderStatus, note?: string) {
    const now = this.iso();
    order.status = status;
    order.updatedAt = now;
    order.history.push({ status, note: note ?? STATUS_NOTES[status], service_type: order.spec.service!.serviceCode, updated_at: now });
    if (status === "allocated" && order.driver.name === null) {
      order.driver = { name: "Sandbox Driver", phone: "+6281200000000", plate: `B ${1000 + Math.floor(this.random() * 8999)} SBX`, photo: null };
    }
    this.emit(key, order, "order.status");
  }

  /** Moves an order to any status (the test dashboard's control). */
  forceStatus(id: string, status: string, note?: string): OrderRecord {
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
      throw new SandboxError(400, CODES.badRequest, `status must be one of ${ORDER_STATUSES.join(", ")}`);
    }
    const [key, order] = this.findOrder(id);
    this.setStatus(key, order, status as OrderStatus, note);
    return order;
  }

  forcePrice(id: string, price: unknown): OrderRecord {
    if (typeof price !== "number" || !Number.isFinite(price) || price < 0) throw new SandboxError(400, CODES.badRequest, "price must be a non-negative number");
    const [key, order] = this.findOrder(id);
    const extras = order.quote.insuranceFee + order.quote.codFee + order.quote.podFee;
    order.quote = { ...order.quote, price, shippingFee: Math.max(0, price - extras) };
    order.updatedAt = this.iso();
    this.emit(key, order, "order.price");
    return order;
  }

  forceWaybill(id: string, waybillId: unknown): OrderRecord {
    if (typeof waybillId !== "string" || waybillId.trim() === "") throw new SandboxError(400, CODES.badRequest, "waybill_id must be a non-empty string");
    const [key, order] = this.findOrder(id);
    order.waybillId = waybillId;
    order.updatedAt = this.iso();
    this.emit(key, order, "order.waybill_id");
    return order;
  }

  private findOrder(id: string): [string, OrderRecord] {
    for (const [key, account] of this.accounts) {
      const order = account.orders.get(id);
      if (order) return [key, order];
    }
    throw new SandboxError(404, CODES.orderNotFound, `Order ${id} not found`);
  }

  /** One step of the clock: each order in motion takes its next status. Returns how many moved. */
  advanceAll(): number {
    let moved = 0;
    for (const [key, account] of this.accounts) {
      for (const order of account.orders.values()) {
        const next = this.nextStatus(order);
        if (next) {
          this.setStatus(key, order, next);
          moved++;
        }
      }
    }
    return moved;
  }

  private nextStatus(order: OrderRecord): OrderStatus | null {
    if (TERMINAL_ORDER_STATUSES.has(order.status) || order.status === "on_hold") return null;
    if (order.status === "return_in_transit") return "returned";
    if (order.status === "scheduled") {
      if (order.spec.scheduledAt && new Date(order.spec.scheduledAt).getTime() > this.now().getTime()) return null;
      return "allocated";
    }
    const service = order.spec.service!;
    if (order.status === "confirmed" && service.instant && this.random() < this.courierNotFoundRate) return "courier_not_found";
    const path = service.instant ? INSTANT_PATH : PARCEL_PATH;
    const i = path.indexOf(order.status);
    return i >= 0 && i < path.length - 1 ? path[i + 1]! : null;
  }

  // -------------------------------------------------------------------------------------------
  // Rates, couriers, tracking

  rates(body: Body): Pricing[] {
    const missing = (m: string) => new SandboxError(400, CODES.ratesMissingParameter, m);
    if (typeof body.couriers !== "string" || body.couriers.trim() === "") throw missing("couriers is required (comma-separated courier codes)");
    if (!Array.isArray(body.items) || body.items.length === 0) throw missing("items is required");
    const sidePlace = (p: "origin" | "destination"): Place => {
      const postal = body[`${p}_postal_code`];
      const lat = body[`${p}_latitude`];
      const lng = body[`${p}_longitude`];
      const areaId = body[`${p}_area_id`];
      const result: Place = {};
      if (postal !== undefined && postal !== null) {
        const n = typeof postal === "string" && /^\d+$/.test(postal) ? Number(postal) : postal;
        if (typeof n !== "number" || !Number.isInteger(n) || n < 10000 || n > 99999) {
          throw new SandboxError(400, CODES.ratesInvalidPostalCode, `${p}_postal_code must be a 5-digit number`);
        }
        result.postalCode = n;
      }
      if (typeof lat === "number" && typeof lng === "number") Object.assign(result, { latitude: lat, longitude: lng });
      if (typeof areaId === "string") {
        const found = areaById(areaId);
        if (!found) throw new SandboxError(400, CODES.ratesInvalidPostalCode, `${p}_area_id ${areaId} is unknown`);
        result.postalCode ??= found.postalCode;
      }
      if (result.postalCode === undefined && result.latitude === undefined) {
        throw missing(`${p} needs ${p}_area_id, ${p}_latitude and ${p}_longitude, or ${p}_postal_code`);
      }
      return result;
    };
    const origin = sidePlace("origin");
    const destination = sidePlace("destination");
    const items = (body.items as unknown[]).map((raw, i) => {
      const item = raw as Body;
      if (typeof item?.weight !== "number" || item.weight <= 0) throw missing(`items[${i}].weight is required and must be more than 0`);
      const quantity = typeof item.quantity === "number" && item.quantity >= 1 ? item.quantity : 1;
      return { weight: item.weight, quantity, length: num(item.length), width: num(item.width), height: num(item.height) };
    });
    const codes = body.couriers.split(",").map((c) => c.trim().toLowerCase()).filter(Boolean);
    const services = CATALOGUE.filter((s) => codes.includes(s.courierCode));
    const codAmount = num(body.destination_cash_on_delivery);
    const insuredValue = num(body.courier_insurance);
    const pricing: Pricing[] = [];
    for (const service of services) {
      if (codAmount && !service.cod) continue;
      const q = quote(service, origin, destination, items, { insuredValue, codAmount });
      if (q) pricing.push(pricingEntry(service, q));
    }
    if (pricing.length === 0) throw new SandboxError(400, CODES.ratesNoCourier, "No courier is available for this route and these items");
    return pricing;
  }

  private pricingFor(spec: ShipmentSpec, services: readonly CourierServiceDef[]): Pricing[] {
    const result: Pricing[] = [];
    for (const service of services) {
      if (spec.cod && !service.cod) continue;
      const q = this.quoteFor(spec, service);
      if (q) result.push(pricingEntry(service, q));
    }
    return result;
  }

  couriers() {
    return CATALOGUE.map((s) => ({
      available_for_cash_on_delivery: s.cod,
      available_for_proof_of_delivery: s.pod,
      available_for_instant_waybill_id: s.instantWaybill,
      courier_name: s.courierName,
      courier_code: s.courierCode,
      courier_service_name: s.serviceName,
      courier_service_code: s.serviceCode,
      tier: s.tier,
      description: s.description,
      service_type: s.serviceType,
      shipping_type: s.shippingType,
      shipment_duration_range: s.durationRange,
      shipment_duration_unit: s.durationUnit,
      available_collection_method: s.collectionMethods,
    }));
  }

  trackingByTrackingId(key: string, trackingId: string) {
    const order = [...this.account(key).orders.values()].find((o) => o.trackingId === trackingId);
    if (!order) throw new SandboxError(400, CODES.orderNotFound, `Tracking ${trackingId} not found`);
    return this.tracking(order);
  }

  trackingByWaybill(key: string, waybillId: string, courierCode: string) {
    const code = courierCode.trim().toLowerCase();
    if (findCourier(code).length === 0) throw new SandboxError(400, CODES.courierUnknown, `courier ${courierCode} is not a known courier`);
    const order = [...this.account(key).orders.values()].find((o) => o.waybillId === waybillId && o.spec.service!.courierCode === code);
    if (!order) throw new SandboxError(400, CODES.orderNotFound, `Waybill ${waybillId} of ${code} not found`);
    return this.tracking(order);
  }

  /** Tracking answers spell statuses in camelCase, as the live tracking endpoints do. */
  private tracking(order: OrderRecord) {
    const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    return {
      success: true,
      message: "Successfully get tracking info",
      object: "tracking",
      id: order.trackingId,
      waybill_id: order.waybillId,
      courier: {
        company: order.spec.service!.courierCode,
        driver_name: order.driver.name,
        driver_phone: order.driver.phone,
        driver_photo_url: order.driver.photo,
        driver_plate_number: order.driver.plate,
      },
      origin: { contact_name: order.spec.origin.contactName, address: order.spec.origin.address },
      destination: { contact_name: order.spec.destination.contactName, address: order.spec.destination.address },
      history: order.history.map((h) => ({ ...h, status: camel(h.status) })),
      link: this.trackingLink(order),
      order_id: order.id,
      status: camel(order.status),
    };
  }

  private trackingLink(order: OrderRecord) {
    return `${this.publicUrl()}/track/${order.trackingId}`;
  }

  findByTrackingId(trackingId: string): OrderRecord | undefined {
    for (const account of this.accounts.values()) {
      for (const order of account.orders.values()) if (order.trackingId === trackingId) return order;
    }
    return undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Webhooks, counts, persistence

  setWebhook(key: string, config: WebhookConfig | null) {
    this.account(key).webhook = config;
  }

  webhookOf(key: string): WebhookConfig | null {
    return this.accounts.get(key)?.webhook ?? null;
  }

  counts() {
    let drafts = 0;
    let orders = 0;
    const byStatus: Record<string, number> = {};
    for (const account of this.accounts.values()) {
      drafts += account.drafts.size;
      orders += account.orders.size;
      for (const o of account.orders.values()) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    }
    return { accounts: this.accounts.size, drafts, orders, ordersByStatus: byStatus };
  }

  snapshot(): unknown {
    return [...this.accounts].map(([key, a]) => ({
      key,
      webhook: a.webhook,
      locations: [...a.locations.values()],
      drafts: [...a.drafts.values()].map((d) => ({ ...d, spec: serialiseSpec(d.spec) })),
      orders: [...a.orders.values()].map((o) => ({ ...o, spec: serialiseSpec(o.spec) })),
    }));
  }

  restore(data: unknown): void {
    this.reset();
    for (const entry of data as { key: string; webhook: WebhookConfig | null; locations: LocationRecord[]; drafts: (DraftRecord & { spec: SerialisedSpec })[]; orders: (OrderRecord & { spec: SerialisedSpec })[] }[]) {
      const account = this.account(entry.key);
      account.webhook = entry.webhook;
      for (const l of entry.locations) account.locations.set(l.id, l);
      for (const d of entry.drafts) {
        const draft = { ...d, spec: deserialiseSpec(d.spec) };
        account.drafts.set(d.id, draft);
        if (draft.spec.referenceId !== null && !draft.deletedAt) account.draftRefs.set(draft.spec.referenceId, d.id);
      }
      for (const o of entry.orders) {
        const order = { ...o, spec: deserialiseSpec(o.spec) };
        account.orders.set(o.id, order);
        if (order.spec.referenceId !== null) account.orderRefs.set(order.spec.referenceId, o.id);
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Serialisation to the contract's shapes

  draftJson(draft: DraftRecord, extra: Record<string, unknown> = {}): DraftOrder {
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
        proof_of_delivery: { use: spec.proofOfDelivery !== null, fee: draft.quote?.podFee ?? 0, note: spec.proofOfDelivery?.note ?? null, link: null },
        cash_on_delivery: spec.cod
          ? { payment_method: "cash", amount: spec.cod.amount, amount_currency: "IDR", note: null, type: spec.cod.type }
          : null,
      },
      courier: {
        name: null,
        phone: null,
        company: service?.courierCode ?? null,
        type: service?.serviceCode ?? null,
        link: null,
        tracking_id: null,
        waybill_id: null,
        insurance: { amount: spec.insurance ?? 0, fee: draft.quote?.insuranceFee ?? 0, note: "", amount_currency: "IDR", fee_currency: "IDR" },
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
      user_id: this.userIdOf(draft),
      created_at: draft.createdAt,
      updated_at: draft.updatedAt,
      placed_at: draft.placedAt,
      ready_at: draft.readyAt,
      confirmed_at: draft.confirmedAt,
      deleted_at: draft.deletedAt,
    };
  }

  private userIdOf(draft: DraftRecord): string | null {
    for (const account of this.accounts.values()) if (account.drafts.get(draft.id) === draft) return account.userId;
    return null;
  }

  orderJson(order: OrderRecord, extra: Record<string, unknown> = {}): Order {
    const { spec } = order;
    const service = spec.service!;
    return {
      success: true,
      ...extra,
      object: "order",
      id: order.id,
      draft_order_id: order.draftOrderId,
      short_id: order.shortId,
      shipper: spec.shipper,
      origin: { ...sideJson(spec.origin), collection_method: spec.collectionMethod },
      destination: {
        ...sideJson(spec.destination),
        proof_of_delivery: { use: spec.proofOfDelivery !== null, fee: order.quote.podFee, note: spec.proofOfDelivery?.note ?? null, link: null },
        cash_on_delivery: spec.cod
          ? { id: `COD-${order.shortId}`, amount: spec.cod.amount, amount_currency: "IDR", fee: order.quote.codFee, fee_currency: "IDR", note: null, type: spec.cod.type }
          : null,
      },
      courier: {
        tracking_id: order.trackingId,
        waybill_id: order.waybillId,
        company: service.courierCode,
        type: service.serviceCode,
        driver_name: order.driver.name,
        driver_phone: order.driver.phone,
        driver_photo_url: order.driver.photo,
        driver_plate_number: order.driver.plate,
        link: this.trackingLink(order),
        shipment_fee: order.quote.shippingFee,
        insurance: { amount: spec.insurance ?? 0, amount_currency: "IDR", fee: order.quote.insuranceFee, fee_currency: "IDR", note: "" },
        routing_code: null,
        history: order.history,
      },
      delivery: {
        datetime: spec.scheduledAt ?? order.createdAt,
        note: spec.orderNote,
        type: spec.deliveryType,
        distance: order.quote.distanceKm,
        distance_unit: "kilometer",
      },
      reference_id: spec.referenceId,
      invoice_id: order.invoiceId,
      items: spec.items.map(itemJson),
      extra: [],
      metadata: spec.metadata,
      tags: spec.tags,
      note: spec.orderNote,
      currency: "IDR",
      tax_lines: [],
      price: order.quote.price,
      status: order.status,
      ticket_status: null,
      ...(order.cancellation ? { cancellation_reason_code: order.cancellation.code, cancellation_reason: order.cancellation.reason } : {}),
    };
  }

  locationJson(l: LocationRecord) {
    return {
      success: true,
      id: l.id,
      name: l.name,
      contact_name: l.contactName,
      contact_phone: l.contactPhone,
      address: l.address,
      note: l.note,
      postal_code: l.postalCode,
      latitude: l.latitude,
      longitude: l.longitude,
      type: l.type,
      created_at: l.createdAt,
      updated_at: l.updatedAt,
    };
  }
}

// ---------------------------------------------------------------------------------------------

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function place(side: SideSpec): Place {
  return {
    postalCode: side.postalCode ?? undefined,
    latitude: side.coordinate?.latitude,
    longitude: side.coordinate?.longitude,
  };
}

function sideJson(side: SideSpec) {
  const area = side.area ?? (side.postalCode !== null ? areaByPostalCode(side.postalCode) ?? null : null);
  return {
    area_id: area?.id ?? null,
    address: side.address,
    note: side.note,
    contact_name: side.contactName,
    contact_phone: side.contactPhone,
    contact_email: side.contactEmail,
    coordinate: side.coordinate ?? { latitude: null, longitude: null },
    province_name: area?.province ?? null,
    city_name: area?.city ?? null,
    district_name: area?.district ?? null,
    postal_code: side.postalCode,
  };
}

function itemJson(item: ShipmentSpec["items"][number]) {
  return {
    name: item.name,
    description: item.description,
    category: item.category,
    sku: item.sku,
    value: item.value,
    currency: "IDR",
    quantity: item.quantity,
    height: item.height,
    width: item.width,
    length: item.length,
    weight: item.weight,
  };
}

function pricingEntry(service: CourierServiceDef, q: Quote): Pricing {
  return {
    available_collection_method: service.collectionMethods,
    available_for_cash_on_delivery: service.cod,
    available_for_proof_of_delivery: service.pod,
    available_for_instant_waybill_id: service.instantWaybill,
    available_for_insurance: service.insurance,
    company: service.courierCode,
    courier_name: service.courierName,
    courier_code: service.courierCode,
    courier_service_name: service.serviceName,
    courier_service_code: service.serviceCode,
    currency: "IDR",
    description: service.description,
    duration: `${service.durationRange} ${service.durationUnit}`,
    shipment_duration_range: service.durationRange,
    shipment_duration_unit: service.durationUnit,
    service_type: service.serviceType,
    shipping_type: service.shippingType,
    price: q.price,
    shipping_fee: q.shippingFee,
    shipping_fee_discount: 0,
    shipping_fee_surcharge: 0,
    insurance_fee: q.insuranceFee,
    cash_on_delivery_fee: q.codFee,
    tax_lines: [],
    type: service.serviceCode,
  };
}

const WAYBILL_PREFIX: Record<string, string> = { jne: "CGK", sicepat: "0026", anteraja: "1000", jnt: "JP", tiki: "0300", ninja: "NLIDAP", lion: "11LP", sap: "SAP", pos: "P", grab: "IN-", gojek: "GK-", paxel: "PXL", lalamove: "LLM", borzo: "BRZ" };
function waybillFor(service: CourierServiceDef): string {
  const digits = String(crypto.randomInt(1e9, 1e10 - 1)) + String(crypto.randomInt(100, 999));
  return `${WAYBILL_PREFIX[service.courierCode] ?? "WB"}${digits}`;
}

function locationToBody(l: LocationRecord): Body {
  return { name: l.name, contact_name: l.contactName, contact_phone: l.contactPhone, address: l.address, note: l.note, postal_code: l.postalCode, latitude: l.latitude, longitude: l.longitude, type: l.type };
}

/** Back to request fields, so that an order update re-validates the whole shipment. */
function specToBody(spec: ShipmentSpec): Body {
  const body: Body = {
    shipper_contact_name: spec.shipper.name ?? undefined,
    shipper_contact_phone: spec.shipper.phone ?? undefined,
    shipper_contact_email: spec.shipper.email ?? undefined,
    shipper_organization: spec.shipper.organization ?? undefined,
    origin_collection_method: spec.collectionMethod,
    courier_company: spec.service?.courierCode,
    courier_type: spec.service?.serviceCode,
    courier_insurance: spec.insurance ?? undefined,
    delivery_type: spec.deliveryType,
    delivery_date: spec.deliveryDate ?? undefined,
    delivery_time: spec.deliveryTime ?? undefined,
    order_note: spec.orderNote ?? undefined,
    metadata: spec.metadata ?? undefined,
    reference_id: spec.referenceId ?? undefined,
    tags: spec.tags,
    items: spec.items.map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== null))),
    destination_cash_on_delivery: spec.cod?.amount,
    destination_cash_on_delivery_type: spec.cod?.type,
    destination_proof_of_delivery: spec.proofOfDelivery ? true : undefined,
    destination_proof_of_delivery_note: spec.proofOfDelivery?.note,
  };
  for (const [p, s] of [["origin", spec.origin], ["destination", spec.destination]] as const) {
    Object.assign(body, {
      [`${p}_contact_name`]: s.contactName,
      [`${p}_contact_phone`]: s.contactPhone,
      [`${p}_contact_email`]: s.contactEmail ?? undefined,
      [`${p}_address`]: s.address,
      [`${p}_note`]: s.note ?? undefined,
      [`${p}_postal_code`]: s.postalCode ?? undefined,
      [`${p}_coordinate`]: s.coordinate ?? undefined,
      [`${p}_area_id`]: s.area?.id,
    });
  }
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

type SerialisedSpec = Omit<ShipmentSpec, "service"> & { service: { courier: string; type: string } | null };
function serialiseSpec(spec: ShipmentSpec): SerialisedSpec {
  return { ...spec, service: spec.service ? { courier: spec.service.courierCode, type: spec.service.serviceCode } : null };
}
function deserialiseSpec(spec: SerialisedSpec): ShipmentSpec {
  return { ...spec, service: spec.service ? findService(spec.service.courier, spec.service.type) ?? null : null };
}
