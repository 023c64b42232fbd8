import {
  CODES,
  ORDER_STATUSES,
  TERMINAL_ORDER_STATUSES,
  type OrderStatus,
} from "#app/shipping/contract.ts";
import { waybillFor } from "./ids.ts";
import type { OrderRecord } from "./order-record.ts";
import type { ServiceCore } from "./service-core.ts";
import { SandboxError } from "./validation.ts";
import { billedKgOf } from "./pricing.ts";

/** Every courier, parcel or instant, goes this way; there is no `in_transit` status. */
const PATH: OrderStatus[] = [
  "confirmed",
  "allocated",
  "picking_up",
  "picked",
  "dropping_off",
  "delivered",
];

export const STATUS_NOTES: Record<OrderStatus, string> = {
  confirmed: "Order has been confirmed. Locating nearest driver to pick up.",
  scheduled: "Order has been scheduled for pickup.",
  allocated: "Courier has been allocated. Waiting to pick up.",
  picking_up: "Courier is on the way to pick up the item.",
  picked: "Item has been picked up and is on its way.",
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

export type EventName = "order.status" | "order.price" | "order.waybill_id";

/**
 * How orders move (the sandbox's clock, or the control endpoints standing in for couriers) and
 * the events each move sends, each event in its own flat shape.
 */
export class Lifecycle {
  constructor(private readonly s: ServiceCore) {}

  emit(key: string, order: OrderRecord, event: EventName): void {
    const service = order.spec.service!;
    const head = {
      event,
      order_id: order.id,
      courier_tracking_id: order.trackingId,
      courier_waybill_id: order.waybillId,
    };
    let body: Record<string, unknown>;
    if (event === "order.status") {
      body = {
        ...head,
        courier_company: service.courierCode,
        courier_type: service.serviceCode,
        courier_driver_name: order.driver.name,
        courier_driver_phone: order.driver.phone,
        courier_driver_photo_url: order.driver.photo,
        courier_driver_plate_number: order.driver.plate,
        courier_link: this.s.trackingLink(order),
        order_price: order.quote.price,
        status: order.status,
      };
    } else if (event === "order.price") {
      // Its own shape: `price` (never order_price), the fees, status and updated_at; nothing else.
      body = {
        ...head,
        price: order.quote.price,
        shippment_fee: order.quote.shippingFee,
        cash_on_delivery_fee: order.quote.codFee,
        proof_of_delivery_fee: order.quote.podFee,
        status: order.status,
        updated_at: order.updatedAt,
      };
    } else {
      body =
        this.s.behaviour.waybillEvent === "full"
          ? { ...head, courier_company: service.courierCode, status: order.status }
          : head;
    }
    this.s.onEvent(key, body);
  }

  setStatus(key: string, order: OrderRecord, status: OrderStatus, note?: string): void {
    const now = this.s.iso();
    order.status = status;
    order.updatedAt = now;
    order.history.push({
      status,
      note: note ?? STATUS_NOTES[status],
      service_type: order.spec.service!.serviceCode,
      updated_at: now,
    });
    if (status === "allocated" && order.driver.name === null) {
      const plate = `B ${1000 + Math.floor(this.s.random() * 8999)} SBX`;
      order.driver = {
        name: "Sandbox Driver",
        phone: "+6281200000000",
        plate,
        photo: `${this.s.publicUrl()}/drivers/${encodeURIComponent(plate.replaceAll(" ", "-"))}.svg`,
      };
    }
    this.emit(key, order, "order.status");
    // Turned back: the courier charges the way back, the full one-way shipping fee (the first of
    // the two schemes the service's help centre names; the other, a share of it, no courier here
    // uses). The order's price rises by it and its price event follows.
    if (status === "return_in_transit" && order.quote.returnFee === undefined) {
      const returnFee = order.quote.shippingFee;
      order.quote = { ...order.quote, returnFee, price: order.quote.price + returnFee };
      this.emit(key, order, "order.price");
    }
    // A service without an instant waybill gets its waybill from the courier once one is
    // allocated (or later, when an order skips ahead): the waybill's own event follows.
    if (
      order.waybillId === null &&
      status !== "confirmed" &&
      status !== "scheduled" &&
      status !== "cancelled" &&
      status !== "courier_not_found"
    ) {
      order.waybillId = waybillFor(order.spec.service!);
      this.emit(key, order, "order.waybill_id");
    }
  }

  /** Moves an order to any status (the test dashboard's control). */
  forceStatus(id: string, status: string, note?: string): OrderRecord {
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
      throw new SandboxError(
        400,
        CODES.badRequest,
        `status must be one of ${ORDER_STATUSES.join(", ")}`,
      );
    }
    const [key, order] = this.find(id);
    order.stalled = false;
    this.setStatus(key, order, status as OrderStatus, note);
    return order;
  }

  forcePrice(id: string, price: unknown): OrderRecord {
    if (typeof price !== "number" || !Number.isFinite(price) || price < 0)
      throw new SandboxError(400, CODES.badRequest, "price must be a non-negative number");
    const [key, order] = this.find(id);
    const extras =
      order.quote.insuranceFee +
      order.quote.codFee +
      order.quote.podFee +
      (order.quote.returnFee ?? 0);
    order.quote = { ...order.quote, price, shippingFee: Math.max(0, price - extras) };
    order.updatedAt = this.s.iso();
    this.emit(key, order, "order.price");
    return order;
  }

  /**
   * The courier weighed the parcel at its hub `extraKg` heavier than it was billed: the same rate
   * per kilogram on the new whole kilograms, the fees kept; the price event follows.
   */
  reweigh(key: string, order: OrderRecord, extraKg: number): number {
    const service = order.spec.service!;
    const billed = order.quote.reweighedKg ?? billedKgOf(order.quote.chargeableKg, service.minKg);
    const weighed = billed + extraKg;
    const shippingFee = Math.round((order.quote.shippingFee * weighed) / billed);
    order.quote = {
      ...order.quote,
      reweighedKg: weighed,
      shippingFee,
      price: order.quote.price + (shippingFee - order.quote.shippingFee),
    };
    order.updatedAt = this.s.iso();
    this.emit(key, order, "order.price");
    return weighed;
  }

  forceWaybill(id: string, waybillId: unknown): OrderRecord {
    if (typeof waybillId !== "string" || waybillId.trim() === "")
      throw new SandboxError(400, CODES.badRequest, "waybill_id must be a non-empty string");
    const [key, order] = this.find(id);
    order.waybillId = waybillId;
    order.updatedAt = this.s.iso();
    this.emit(key, order, "order.waybill_id");
    return order;
  }

  /** One step of the clock: each order in motion takes its next status. Returns how many moved. */
  advanceAll(): number {
    let moved = 0;
    for (const [key, account] of this.s.accountEntries()) {
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

  /** The order with this id, and the key of the account that holds it (404 when none does). */
  locate(id: string): [string, OrderRecord] {
    return this.find(id);
  }

  private find(id: string): [string, OrderRecord] {
    for (const [key, account] of this.s.accountEntries()) {
      const order = account.orders.get(id);
      if (order) return [key, order];
    }
    throw new SandboxError(404, CODES.orderNotFound, `Order ${id} not found`);
  }

  private nextStatus(order: OrderRecord): OrderStatus | null {
    if (TERMINAL_ORDER_STATUSES.has(order.status) || order.status === "on_hold") return null;
    if (order.stalled) return null;
    if (order.status === "return_in_transit") return "returned";
    if (order.status === "scheduled") {
      if (
        order.spec.scheduledAt &&
        new Date(order.spec.scheduledAt).getTime() > this.s.now().getTime()
      )
        return null;
      return "allocated";
    }
    if (
      order.status === "confirmed" &&
      order.spec.service!.instant &&
      this.s.random() < this.s.courierNotFoundRate
    )
      return "courier_not_found";
    const i = PATH.indexOf(order.status);
    return i >= 0 && i < PATH.length - 1 ? PATH[i + 1]! : null;
  }
}
