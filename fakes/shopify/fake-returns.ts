import {
  CUSTOMER_RETURN_QUERY,
  RETURN_PICKUP_TRACKING,
} from "#app/admin-api/operations/return-pickups.ts";
import {
  RETURN_CLOSE,
  RETURN_CREATE,
  RETURN_PROCESS,
  SHIPMENT_RETURN_STATE,
} from "#app/admin-api/operations/returns.ts";

/**
 * The fake Admin API's returns, as Shopify documents them: fulfillments keep their lines (made by
 * fulfillmentCreate), a return is made OPEN for fulfilled lines that are not returned yet (more is
 * refused), processing it with RESTOCKED dispositions puts the goods back at a location of the
 * shop and leaves it OPEN until `returnClose` (Shopify documents the two apart), and an order may
 * be cancelled (./fake-order-cancel.ts) only when it has no open return and nothing fulfilled is
 * left unreturned.
 */
type Raw = Record<string, unknown>;

export interface FakeFulfillmentLine {
  id: string;
  lineItemId: string;
  quantity: number;
}
export interface FakeFulfillment {
  orderId: string;
  location: { id: string; name: string };
  lines: FakeFulfillmentLine[];
}
export interface FakeReturn {
  id: string;
  name?: string;
  orderId: string;
  status: "OPEN" | "CLOSED" | "DECLINED";
  /** Reverse deliveries made for it (its waybill sent to Shopify). */
  deliveries?: { id: string; number: string | null; url: string | null }[];
  lines: { id: string; fulfillmentLineItemId: string; quantity: number; processed: number }[];
  reverseId: string;
  reverseLines: { id: string; fulfillmentLineItemId: string; quantity: number }[];
}

/** What the returns side was asked to do, in order. */
export interface ReturnsLog {
  returns?: {
    shop: string;
    orderId: string;
    lines: { fulfillmentLineItemId: string; quantity: number }[];
  }[];
  restocks?: { shop: string; locationId: string; lineItemId: string; quantity: number }[];
  reverseDeliveries?: {
    shop: string;
    returnId: string;
    number: string | null;
    url: string | null;
    lines: { reverseFulfillmentOrderLineItemId: string; quantity: number }[];
    /** The mutation's `notifyCustomer`: Shopify e-mails the customer the return's tracking. */
    notifyCustomer: boolean;
  }[];
}

let count = 0;
const gid = (type: string) => `gid://shopify/${type}/${++count}`;
/** The number of a gid of `type` ("gid://shopify/Order/123" → "123"); throws on another shape. */
export const numericId = (value: unknown, type: string) => {
  const id = new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(String(value))?.[1];
  if (!id) throw new Error(`expected a ${type} gid, got ${String(value)}`);
  return id;
};

export class FakeReturns {
  /** "<shop> <fulfillment gid>" → the fulfillment's order, location and lines. */
  readonly fulfillments = new Map<string, FakeFulfillment>();
  /** "<shop> <order id>" → the order's returns. */
  readonly returns = new Map<string, FakeReturn[]>();
  /** "<shop> <location gid> <line item gid>" → units restocked there. */
  readonly restocked = new Map<string, number>();

  recordFulfillment(shop: string, fulfillmentId: string, fulfillment: FakeFulfillment): void {
    this.fulfillments.set(`${shop} ${fulfillmentId}`, fulfillment);
  }

  private returnsOf(shop: string, orderId: string): FakeReturn[] {
    const key = `${shop} ${orderId}`;
    if (!this.returns.has(key)) this.returns.set(key, []);
    return this.returns.get(key)!;
  }

  private fulfillmentsOf(shop: string, orderId: string): [string, FakeFulfillment][] {
    return [...this.fulfillments.entries()]
      .filter(([key, f]) => key.startsWith(`${shop} `) && f.orderId === orderId)
      .map(([key, f]) => [key.slice(shop.length + 1), f]);
  }

  /** Units of a fulfillment line in the order's returns (open or closed). */
  private inReturns(shop: string, orderId: string, fulfillmentLineItemId: string): number {
    return this.returnsOf(shop, orderId)
      .flatMap((r) => r.lines)
      .filter((l) => l.fulfillmentLineItemId === fulfillmentLineItemId)
      .reduce((n, l) => n + l.quantity, 0);
  }

  returnNode(r: FakeReturn) {
    return {
      id: r.id,
      status: r.status,
      returnLineItems: {
        nodes: r.lines.map((l) => ({
          id: l.id,
          quantity: l.quantity,
          processableQuantity: l.quantity - l.processed,
          fulfillmentLineItem: { id: l.fulfillmentLineItemId },
        })),
      },
      reverseFulfillmentOrders: {
        nodes: [
          {
            id: r.reverseId,
            lineItems: {
              nodes: r.reverseLines.map((l) => ({
                id: l.id,
                totalQuantity: l.quantity,
                fulfillmentLineItem: { id: l.fulfillmentLineItemId },
              })),
            },
          },
        ],
      },
    };
  }

  /**
   * A customer's return approved in Shopify (what `returns/approve` announces): OPEN, for these
   * fulfilled lines of the order. Returns its gid.
   */
  approveCustomerReturn(
    shop: string,
    orderId: string,
    lines: { fulfillmentLineItemId: string; quantity: number }[],
  ): string {
    const ret: FakeReturn = {
      id: gid("Return"),
      name: `#R${count}`,
      orderId,
      status: "OPEN",
      lines: lines.map((l) => ({ id: gid("ReturnLineItem"), ...l, processed: 0 })),
      reverseId: gid("ReverseFulfillmentOrder"),
      reverseLines: lines.map((l) => ({ id: gid("ReverseFulfillmentOrderLineItem"), ...l })),
      deliveries: [],
    };
    this.returnsOf(shop, orderId).push(ret);
    return ret.id;
  }

  /**
   * Another fake of this process (the fake Shopify server's, say) sees this order's fulfillments
   * and returns: the same objects, so what one records the other answers.
   */
  shareOrder(other: FakeReturns, shop: string, orderId: string): void {
    for (const [key, f] of this.fulfillments)
      if (key.startsWith(`${shop} `) && f.orderId === orderId) other.fulfillments.set(key, f);
    other.returns.set(`${shop} ${orderId}`, this.returnsOf(shop, orderId));
  }

  /** The shop's fulfilled lines of an order, with the order's line items they fulfill. */
  fulfilledLines(shop: string, orderId: string): FakeFulfillmentLine[] {
    return this.fulfillmentsOf(shop, orderId).flatMap(([, f]) => f.lines);
  }

  setStatus(shop: string, returnId: string, status: FakeReturn["status"]): void {
    const ret = this.findReturn(shop, returnId);
    if (ret) ret.status = status;
  }

  private findReturn(shop: string, returnId: string): FakeReturn | undefined {
    return [...this.returns.entries()]
      .filter(([key]) => key.startsWith(`${shop} `))
      .flatMap(([, list]) => list)
      .find((r) => r.id === returnId);
  }

  /**
   * Why Shopify would not cancel the order for its returns, or null: "active returns in
   * progress" (an OPEN return, processed or not), or fulfilled items not returned.
   */
  cancelBlocker(shop: string, orderId: string): string | null {
    const returns = this.returnsOf(shop, orderId);
    if (returns.some((r) => r.status === "OPEN"))
      return "Cannot cancel an order with a return in progress.";
    const unreturned = this.fulfillmentsOf(shop, orderId)
      .flatMap(([, f]) => f.lines)
      .some(
        (l) =>
          l.quantity >
          returns
            .filter((r) => r.status === "CLOSED")
            .flatMap((r) => r.lines)
            .filter((r) => r.fulfillmentLineItemId === l.id)
            .reduce((n, r) => n + r.processed, 0),
      );
    return unreturned
      ? "Cannot cancel an order with fulfilled items that were not returned."
      : null;
  }

  /** A return as CustomerReturn reads it: the reverse order's lines with their line items, and deliveries. */
  customerReturnNode(shop: string, ret: FakeReturn, order: (orderId: string) => Raw | null) {
    const raw = order(ret.orderId);
    const items = (raw?.line_items ?? []) as {
      id: number | string;
      name: string;
      sku?: string;
    }[];
    const lines = this.fulfilledLines(shop, ret.orderId);
    return {
      id: ret.id,
      name: ret.name ?? ret.id,
      status: ret.status,
      order: { id: `gid://shopify/Order/${ret.orderId}` },
      reverseFulfillmentOrders: {
        nodes: [
          {
            id: ret.reverseId,
            lineItems: {
              nodes: ret.reverseLines.map((l) => {
                const lineItemId = lines.find((f) => f.id === l.fulfillmentLineItemId)?.lineItemId;
                const item = items.find((i) => `gid://shopify/LineItem/${i.id}` === lineItemId);
                return {
                  id: l.id,
                  totalQuantity: l.quantity,
                  fulfillmentLineItem: lineItemId
                    ? {
                        lineItem: {
                          id: lineItemId,
                          name: item?.name ?? "Item",
                          sku: item?.sku ?? null,
                        },
                      }
                    : null,
                };
              }),
            },
            reverseDeliveries: {
              nodes: (ret.deliveries ?? []).map((d) => ({
                id: d.id,
                deliverable: { tracking: { number: d.number } },
              })),
            },
          },
        ],
      },
    };
  }

  /** A fulfillment as ShipmentReturnState reads it: its location and lines. */
  fulfillmentNode(id: string, fulfillment: FakeFulfillment) {
    return {
      id,
      location: fulfillment.location,
      fulfillmentLineItems: {
        nodes: fulfillment.lines.map((l) => ({ id: l.id, quantity: l.quantity })),
      },
    };
  }

  /** The order's returnable fulfillments: each fulfillment's lines not in a return yet. */
  returnableNodes(shop: string, orderId: string) {
    return this.fulfillmentsOf(shop, orderId).map(([id, f]) => ({
      id: id.replace("/Fulfillment/", "/ReturnableFulfillment/"),
      fulfillment: { id },
      returnableFulfillmentLineItems: {
        nodes: f.lines
          .map((l) => ({
            quantity: l.quantity - this.inReturns(shop, orderId, l.id),
            fulfillmentLineItem: { id: l.id },
          }))
          .filter((l) => l.quantity > 0),
      },
    }));
  }

  /** The shop's fulfillment by gid, with its order. */
  fulfillmentOf(shop: string, id: string): FakeFulfillment | undefined {
    return this.fulfillments.get(`${shop} ${id}`);
  }

  /** The shop's return by gid. */
  returnOf(shop: string, returnId: string): FakeReturn | undefined {
    return this.findReturn(shop, returnId);
  }

  /** The shop's return whose reverse fulfillment order this is. */
  returnOfReverseOrder(shop: string, reverseId: string): FakeReturn | undefined {
    return [...this.returns.entries()]
      .filter(([key]) => key.startsWith(`${shop} `))
      .flatMap(([, list]) => list)
      .find((r) => r.reverseId === reverseId);
  }

  /** The order's returns as ShipmentReturnState reads them. */
  returnNodes(shop: string, orderId: string) {
    return this.returnsOf(shop, orderId).map((r) => this.returnNode(r));
  }

  /**
   * Shopify's answer to a returns document, or undefined when `query` is not one. `order` finds
   * the shop's order by id; `locations` are the shop's location gids.
   */
  answer(
    shop: string,
    query: string,
    variables: Record<string, unknown>,
    order: (orderId: string) => Raw | null,
    locations: readonly string[],
    log?: ReturnsLog,
  ): unknown {
    if (query === CUSTOMER_RETURN_QUERY) {
      const ret = this.findReturn(shop, String(variables.id));
      return { data: { return: ret ? this.customerReturnNode(shop, ret, order) : null } };
    }
    if (query === RETURN_PICKUP_TRACKING) {
      const refuse = (message: string) => ({
        data: {
          reverseDeliveryCreateWithShipping: {
            reverseDelivery: null,
            userErrors: [{ field: ["reverseFulfillmentOrderId"], message }],
          },
        },
      });
      const ret = [...this.returns.entries()]
        .filter(([key]) => key.startsWith(`${shop} `))
        .flatMap(([, list]) => list)
        .find((r) => r.reverseId === variables.reverseFulfillmentOrderId);
      if (!ret) return refuse("Reverse fulfillment order does not exist.");
      if (ret.status !== "OPEN") return refuse("The return is not open.");
      const wanted = variables.reverseDeliveryLineItems as {
        reverseFulfillmentOrderLineItemId: string;
        quantity: number;
      }[];
      for (const w of wanted) {
        const line = ret.reverseLines.find((l) => l.id === w.reverseFulfillmentOrderLineItemId);
        if (!line || w.quantity < 1 || w.quantity > line.quantity)
          return refuse("Reverse delivery line items are not valid.");
      }
      const tracking = (variables.trackingInput ?? {}) as { number?: string; url?: string };
      const delivery = {
        id: gid("ReverseDelivery"),
        number: tracking.number ?? null,
        url: tracking.url ?? null,
      };
      (ret.deliveries ??= []).push(delivery);
      log?.reverseDeliveries?.push({
        shop,
        returnId: ret.id,
        number: delivery.number,
        url: delivery.url,
        lines: wanted,
        notifyCustomer: variables.notifyCustomer === true,
      });
      return {
        data: {
          reverseDeliveryCreateWithShipping: {
            reverseDelivery: { id: delivery.id },
            userErrors: [],
          },
        },
      };
    }
    if (query === SHIPMENT_RETURN_STATE) {
      const orderId = numericId(variables.orderId, "Order");
      const found = order(orderId);
      const fulfillment = this.fulfillments.get(`${shop} ${String(variables.fulfillmentId)}`);
      return {
        data: {
          order: found
            ? {
                id: variables.orderId,
                cancelledAt: found.cancelled_at ?? null,
                displayFinancialStatus: String(found.financial_status ?? "pending").toUpperCase(),
                totalOutstandingSet: {
                  shopMoney: {
                    amount: Number(found.total_outstanding ?? found.total_price ?? 0).toFixed(2),
                    currencyCode: String(found.currency ?? "IDR"),
                  },
                },
                returns: { nodes: this.returnNodes(shop, orderId) },
              }
            : null,
          fulfillment:
            fulfillment && fulfillment.orderId === orderId
              ? this.fulfillmentNode(String(variables.fulfillmentId), fulfillment)
              : null,
          returnableFulfillments: { nodes: found ? this.returnableNodes(shop, orderId) : [] },
        },
      };
    }
    if (query === RETURN_CREATE) {
      const input = variables.returnInput as {
        orderId: string;
        returnLineItems: { fulfillmentLineItemId: string; quantity: number }[];
      };
      const orderId = numericId(input.orderId, "Order");
      const refuse = (message: string, field: string[]) => ({
        data: { returnCreate: { return: null, userErrors: [{ field, message, code: "INVALID" }] } },
      });
      if (!order(orderId)) return refuse("Order does not exist.", ["returnInput", "orderId"]);
      const lines = this.fulfillmentsOf(shop, orderId).flatMap(([, f]) => f.lines);
      for (const [i, wanted] of input.returnLineItems.entries()) {
        const line = lines.find((l) => l.id === wanted.fulfillmentLineItemId);
        if (!line)
          return refuse("Fulfillment line item does not exist.", [
            "returnInput",
            "returnLineItems",
            String(i),
            "fulfillmentLineItemId",
          ]);
        if (
          wanted.quantity < 1 ||
          wanted.quantity > line.quantity - this.inReturns(shop, orderId, line.id)
        )
          return refuse("Quantity is not available for return.", [
            "returnInput",
            "returnLineItems",
            String(i),
            "quantity",
          ]);
      }
      const ret: FakeReturn = {
        id: gid("Return"),
        orderId,
        status: "OPEN",
        lines: input.returnLineItems.map((l) => ({
          id: gid("ReturnLineItem"),
          fulfillmentLineItemId: l.fulfillmentLineItemId,
          quantity: l.quantity,
          processed: 0,
        })),
        reverseId: gid("ReverseFulfillmentOrder"),
        reverseLines: input.returnLineItems.map((l) => ({
          id: gid("ReverseFulfillmentOrderLineItem"),
          fulfillmentLineItemId: l.fulfillmentLineItemId,
          quantity: l.quantity,
        })),
      };
      this.returnsOf(shop, orderId).push(ret);
      log?.returns?.push({ shop, orderId, lines: input.returnLineItems });
      return { data: { returnCreate: { return: this.returnNode(ret), userErrors: [] } } };
    }
    if (query === RETURN_PROCESS) {
      const input = variables.input as {
        returnId: string;
        returnLineItems: {
          id: string;
          quantity: number;
          dispositions?: {
            reverseFulfillmentOrderLineItemId: string;
            quantity: number;
            dispositionType: string;
            locationId?: string;
          }[];
        }[];
      };
      const refuse = (message: string) => ({
        data: {
          returnProcess: {
            return: null,
            userErrors: [{ field: ["input"], message, code: "INVALID" }],
          },
        },
      });
      const ret = [...this.returns.entries()]
        .filter(([key]) => key.startsWith(`${shop} `))
        .flatMap(([, list]) => list)
        .find((r) => r.id === input.returnId);
      if (!ret) return refuse("Return does not exist.");
      if (ret.status !== "OPEN") return refuse("Return is not open.");
      for (const wanted of input.returnLineItems) {
        const line = ret.lines.find((l) => l.id === wanted.id);
        if (!line) return refuse("Return line item does not exist.");
        if (wanted.quantity > line.quantity - line.processed)
          return refuse("Quantity exceeds the processable quantity.");
        const dispositions = wanted.dispositions ?? [];
        if (dispositions.reduce((n, d) => n + d.quantity, 0) !== wanted.quantity)
          return refuse("Dispositions must add up to the processed quantity.");
        for (const d of dispositions) {
          const reverse = ret.reverseLines.find(
            (r) => r.id === d.reverseFulfillmentOrderLineItemId,
          );
          if (!reverse || reverse.fulfillmentLineItemId !== line.fulfillmentLineItemId)
            return refuse(
              "Reverse fulfillment order line item does not match the return line item.",
            );
          if (d.dispositionType === "RESTOCKED" && !locations.includes(d.locationId ?? ""))
            return refuse("Location does not exist.");
        }
      }
      const fulfillmentLines = this.fulfillmentsOf(shop, ret.orderId).flatMap(([, f]) => f.lines);
      for (const wanted of input.returnLineItems) {
        const line = ret.lines.find((l) => l.id === wanted.id)!;
        line.processed += wanted.quantity;
        for (const d of wanted.dispositions ?? []) {
          if (d.dispositionType !== "RESTOCKED") continue;
          const lineItemId = fulfillmentLines.find(
            (l) => l.id === line.fulfillmentLineItemId,
          )!.lineItemId;
          const key = `${shop} ${d.locationId} ${lineItemId}`;
          this.restocked.set(key, (this.restocked.get(key) ?? 0) + d.quantity);
          log?.restocks?.push({
            shop,
            locationId: d.locationId!,
            lineItemId,
            quantity: d.quantity,
          });
        }
      }
      // Processed, still OPEN: Shopify closes a return with returnClose.
      return {
        data: { returnProcess: { return: { id: ret.id, status: ret.status }, userErrors: [] } },
      };
    }
    if (query === RETURN_CLOSE) {
      const ret = this.findReturn(shop, String(variables.id));
      const refuse = (message: string) => ({
        data: {
          returnClose: {
            return: null,
            userErrors: [{ field: ["id"], message, code: "INVALID_STATE" }],
          },
        },
      });
      if (!ret) return refuse("Return does not exist.");
      if (ret.status !== "OPEN") return refuse("Return is not open.");
      ret.status = "CLOSED";
      return {
        data: { returnClose: { return: { id: ret.id, status: ret.status }, userErrors: [] } },
      };
    }
    return undefined;
  }
}
