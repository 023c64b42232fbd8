import {
  CANCELLABLE_ORDER_STATUSES,
  CANCELLATION_REASON_CODES,
  CODES,
  type Order,
  type OrderStatus,
} from "#app/shipping/contract.ts";
import { hex, waybillFor } from "./ids.ts";
import { STATUS_NOTES, type Lifecycle } from "./lifecycle.ts";
import type { OrderRecord } from "./order-record.ts";
import type { Quote } from "./pricing.ts";
import type { AddRoute, Body } from "./routes.ts";
import type { ServiceCore } from "./service-core.ts";
import { driverJson, itemJson, sideJson } from "./shipment-json.ts";
import { SandboxError, type ShipmentSpec } from "./validation.ts";

/** The documented reasons, Bahasa Indonesia by default and English with `lang=en`. */
const CANCELLATION_REASONS = {
  en: [
    { code: "change_courier", reason: "Want to change courier" },
    { code: "pickup_delay", reason: "Pickup time too long" },
    { code: "change_address", reason: "Want to change address" },
    { code: "others", reason: "Order cancelled by merchant for other reason" },
  ],
  id: [
    { code: "change_courier", reason: "Ingin mengganti kurir" },
    { code: "pickup_delay", reason: "Waktu penjemputan terlalu lama" },
    { code: "change_address", reason: "Ingin mengganti alamat" },
    { code: "others", reason: "Pesanan dibatalkan oleh penjual karena alasan lain" },
  ],
};

type Refusal = readonly [code: number, message: string];
const CONFIRMED: Refusal = [
  CODES.updateAlreadyConfirmed,
  "Order has already been confirmed therefore cannot edit order. Please create a new order instead.",
];
const IN_PROCESS: Refusal = [
  CODES.updateInProcess,
  "Order is already in process and cannot be edited",
];
const ENDED: Refusal = [CODES.updateFailed, "Order has ended and cannot be edited"];
/** Why an order in each status refuses an update. Only a scheduled order (no courier yet) can still be edited. */
const UPDATE_REFUSALS: Partial<Record<OrderStatus, Refusal>> = {
  confirmed: CONFIRMED,
  allocated: CONFIRMED,
  picking_up: CONFIRMED,
  picked: IN_PROCESS,
  dropping_off: IN_PROCESS,
  on_hold: IN_PROCESS,
  return_in_transit: IN_PROCESS,
  delivered: [CODES.updateDelivered, "Order has been delivered and cannot be edited"],
  cancelled: [CODES.updateCancelled, "Order has been cancelled and cannot be edited"],
  returned: ENDED,
  rejected: ENDED,
  disposed: ENDED,
  courier_not_found: ENDED,
};

/** Orders: `/v1/orders`. Created directly (courier required) or by confirming a draft. */
export class Orders {
  constructor(
    private readonly s: ServiceCore,
    private readonly lifecycle: Lifecycle,
  ) {}

  create(key: string, body: Body): OrderRecord {
    const spec = this.s.validate(key, body, "order", true);
    return this.insert(key, spec, this.s.requireQuote(spec, spec.service!), null);
  }

  insert(key: string, spec: ShipmentSpec, q: Quote, draftOrderId: string | null): OrderRecord {
    const account = this.s.account(key);
    if (spec.referenceId !== null) {
      const existingId = account.orderRefs.get(spec.referenceId);
      const existing = existingId ? account.orders.get(existingId) : undefined;
      if (existing) {
        throw new SandboxError(
          400,
          CODES.referenceUsed,
          `reference_id ${spec.referenceId} is already used by order ${existing.id}`,
          {
            order_id: existing.id,
            waybill_id: existing.waybillId,
            reference_id: spec.referenceId,
          },
        );
      }
    }
    const service = spec.service!;
    const now = this.s.iso();
    const status: OrderStatus = spec.deliveryType === "scheduled" ? "scheduled" : "confirmed";
    const order: OrderRecord = {
      id: hex(12),
      shortId: hex(4).toUpperCase(),
      draftOrderId,
      spec,
      status,
      quote: q,
      waybillId: service.instantWaybill ? waybillFor(service) : null,
      trackingId: hex(12),
      history: [
        { status, note: STATUS_NOTES[status], service_type: service.serviceCode, updated_at: now },
      ],
      driver: { name: null, phone: null, plate: null, photo: null },
      cancellation: null,
      invoiceId: `INV/${now.slice(0, 10).replaceAll("-", "")}/${hex(4).toUpperCase()}`,
      createdAt: now,
      updatedAt: now,
    };
    account.orders.set(order.id, order);
    if (spec.referenceId !== null) account.orderRefs.set(spec.referenceId, order.id);
    this.lifecycle.emit(key, order, "order.status");
    return order;
  }

  get(key: string, id: string): OrderRecord {
    const order = this.s.account(key).orders.get(id);
    // The live service answers 400 (not 404) for an unknown order.
    if (!order) throw new SandboxError(400, CODES.orderNotFound, `Order ${id} not found`);
    return order;
  }

  /** Only a scheduled order can be edited; from confirmation on the answer is 40002044 and the rest. */
  update(key: string, id: string, patch: Body): OrderRecord {
    const order = this.get(key, id);
    const refusal = UPDATE_REFUSALS[order.status];
    if (refusal) throw new SandboxError(400, refusal[0], refusal[1]);
    if ("courier_company" in patch || "courier_type" in patch || "reference_id" in patch) {
      throw new SandboxError(
        400,
        CODES.updateFailed,
        "courier_company, courier_type and reference_id of an order cannot be changed; cancel it and create another",
      );
    }
    const body = { ...specToBody(order.spec), ...patch };
    const spec = this.s.validate(key, body, "order", true);
    order.spec = spec;
    order.quote = this.s.requireQuote(spec, spec.service!);
    order.updatedAt = this.s.iso();
    return order;
  }

  /** `empty`: no body was sent at all (the `cancelWithoutBody` behaviour decides). */
  cancel(key: string, id: string, body: Body, empty = false): OrderRecord {
    const order = this.get(key, id);
    if (empty && this.s.behaviour.cancelWithoutBody === "others")
      body = {
        cancellation_reason_code: "others",
        cancellation_reason: CANCELLATION_REASONS.en[3]!.reason,
      };
    const code = body.cancellation_reason_code;
    const reason = body.cancellation_reason;
    if (!(CANCELLATION_REASON_CODES as readonly unknown[]).includes(code)) {
      throw new SandboxError(
        400,
        CODES.badRequest,
        `cancellation_reason_code must be one of ${CANCELLATION_REASON_CODES.join(", ")}`,
      );
    }
    if (reason !== undefined && reason !== null && typeof reason !== "string")
      throw new SandboxError(400, CODES.badRequest, "cancellation_reason must be a string");
    if (code === "others" && (typeof reason !== "string" || reason.trim() === "")) {
      throw new SandboxError(
        400,
        CODES.badRequest,
        "cancellation_reason is required when cancellation_reason_code is others",
      );
    }
    if (!CANCELLABLE_ORDER_STATUSES.has(order.status)) {
      throw new SandboxError(
        400,
        CODES.cancelNotAllowed,
        `Order ${id} cannot be cancelled in status ${order.status}`,
      );
    }
    order.cancellation = { code: code as string, reason: (reason as string | undefined) ?? null };
    this.lifecycle.setStatus(
      key,
      order,
      "cancelled",
      reason ? `Order is cancelled: ${reason}` : undefined,
    );
    return order;
  }

  /** DELETE /v1/orders/:id (deprecated): cancel with a free-text reason. */
  delete(key: string, id: string, body: Body): OrderRecord {
    const reason =
      typeof body.cancellation_reason === "string" && body.cancellation_reason.trim() !== ""
        ? body.cancellation_reason
        : "Cancelled through the deprecated DELETE endpoint";
    return this.cancel(key, id, {
      cancellation_reason_code: "others",
      cancellation_reason: reason,
    });
  }

  cancellationReasons(lang: string | null) {
    return lang?.trim().toLowerCase() === "en" ? CANCELLATION_REASONS.en : CANCELLATION_REASONS.id;
  }

  json(order: OrderRecord, extra: Record<string, unknown> = {}): Order {
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
        proof_of_delivery: {
          use: spec.proofOfDelivery !== null,
          fee: order.quote.podFee,
          fee_currency: "IDR",
          note: spec.proofOfDelivery?.note ?? null,
          link: null,
        },
        // An object even without cash on delivery: amounts 0, as the documentation's examples.
        cash_on_delivery: {
          id: spec.cod ? `COD-${order.shortId}` : null,
          amount: spec.cod?.amount ?? 0,
          amount_currency: "IDR",
          fee: order.quote.codFee,
          fee_currency: "IDR",
          note: null,
          type: spec.cod?.type ?? null,
          ...codState(order),
        },
      },
      courier: {
        tracking_id: order.trackingId,
        waybill_id: order.waybillId,
        company: service.courierCode,
        type: service.serviceCode,
        ...driverJson(order.driver),
        link: this.s.trackingLink(order),
        shipment_fee: order.quote.shippingFee,
        insurance: {
          amount: spec.insurance ?? 0,
          amount_currency: "IDR",
          fee: order.quote.insuranceFee,
          fee_currency: "IDR",
          note: "",
        },
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
      voucher: { id: null, name: null, value: null, type: null },
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
      ...(order.cancellation
        ? {
            cancellation_reason_code: order.cancellation.code,
            cancellation_reason: order.cancellation.reason,
          }
        : {}),
    };
  }
}

/**
 * The cash-on-delivery state fields of an order's answer. The documentation shows them (on a
 * confirmation without cash on delivery: `status: null, payment_status: "pending",
 * payment_method: "cash"`) without listing their values; the sandbox answers `payment_status`
 * `paid` once a cash-on-delivery parcel is delivered (the courier has collected the cash),
 * `pending` before, and `status` null.
 */
function codState(order: OrderRecord) {
  return {
    status: null,
    payment_status: order.spec.cod && order.status === "delivered" ? "paid" : "pending",
    payment_method: "cash",
  };
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
    items: spec.items.map((i) =>
      Object.fromEntries(Object.entries(i).filter(([, v]) => v !== null)),
    ),
    destination_cash_on_delivery: spec.cod?.amount,
    destination_cash_on_delivery_type: spec.cod?.type,
    destination_proof_of_delivery: spec.proofOfDelivery ? true : undefined,
    destination_proof_of_delivery_note: spec.proofOfDelivery?.note,
  };
  for (const [p, s] of [
    ["origin", spec.origin],
    ["destination", spec.destination],
  ] as const) {
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

export function orderRoutes(route: AddRoute, service: { orders: Orders }): void {
  const { orders } = service;
  // cancellation_reasons before :id.
  route("GET", "/v1/orders/cancellation_reasons", "orders", ({ query }) => ({
    body: {
      success: true,
      message: "Order cancellation reasons successfully retrieved",
      cancellation_reasons: orders.cancellationReasons(query.get("lang")),
    },
  }));
  route("POST", "/v1/orders", "orders", ({ key, body }) => ({
    body: orders.json(orders.create(key, body), { message: "Order successfully created" }),
  }));
  route("GET", "/v1/orders/:id", "orders", ({ key, params }) => ({
    body: orders.json(orders.get(key, params[0]!), { message: "Order successfully retrieved" }),
  }));
  route("POST", "/v1/orders/:id", "orders", ({ key, params, body }) => ({
    body: orders.json(orders.update(key, params[0]!, body), {
      message: "Order successfully updated",
    }),
  }));
  const cancelAnswer = (order: OrderRecord, message: string) => ({
    body: {
      success: true,
      message,
      object: "order",
      id: order.id,
      status: order.status,
      cancellation_reason_code: order.cancellation?.code ?? null,
      cancellation_reason: order.cancellation?.reason ?? null,
    },
  });
  route("POST", "/v1/orders/:id/cancel", "orders", ({ key, params, body, empty }) =>
    cancelAnswer(orders.cancel(key, params[0]!, body, empty), "Order successfully cancelled"),
  );
  route("DELETE", "/v1/orders/:id", "orders", ({ key, params, body }) =>
    cancelAnswer(orders.delete(key, params[0]!, body), "Order successfully deleted"),
  );
}
