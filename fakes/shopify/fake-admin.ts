import {
  ORDER_LINES_PAGE,
  ORDER_QUERY,
  ORDERS_QUERY,
  RECENT_PAYMENT_GATEWAYS_QUERY,
} from "#app/admin-api/operations/orders.ts";
import {
  BOOKING_HOLD,
  BOOKING_HOLD_RELEASE,
  FULFILLMENT_ORDER_LINES_PAGE,
  FULFILLMENT_ORDER_ORDER_QUERY,
  ORDER_FOR_SHIPPING_QUERY,
  ORDER_FULFILLMENT_ORDERS_PAGE,
  ORDER_FULFILLMENT_ORDERS_QUERY,
  ORDER_LINE_PRODUCTS_PAGE,
} from "#app/admin-api/operations/fulfillment-orders.ts";
import { SHOP_LOCATIONS_QUERY } from "#app/admin-api/operations/locations.ts";
import {
  GRANTED_SCOPES_QUERY,
  SHOP_NAME_QUERY,
  SHOP_TIME_ZONE_QUERY,
} from "#app/admin-api/operations/shop.ts";
import {
  FULFILLMENT_CREATE,
  FULFILLMENT_EVENT_CREATE,
  FULFILLMENT_EVENTS_QUERY,
  TRACKING_UPDATE,
} from "#app/admin-api/operations/fulfillments.ts";
import { METAFIELDS_SET } from "#app/admin-api/operations/metafields.ts";
import { VARIANT_DIMENSIONS_QUERY } from "#app/admin-api/operations/variants.ts";
import { PRODUCT_FACTS_QUERY } from "#app/admin-api/operations/products.ts";
import { variantDimensionNodes } from "./fake-variants.ts";
import { lineItemProducts, lineItemsOf, productFactNodes } from "./fake-products.ts";
import { settlementAnswer, type SettlementLog } from "./fake-order-settlement.ts";
import {
  FakeCustomerNotifications,
  type CustomerNotificationsLog,
} from "./fake-customer-notifications.ts";
import { FakeOrderCancels, type CancelLog } from "./fake-order-cancel.ts";
import { invoiceAnswer, type InvoiceLog } from "./fake-order-invoice.ts";
import { riskAssessmentAnswer, type RiskAssessmentLog } from "./fake-order-risk.ts";
import { addressUpdateAnswer, type AddressUpdateLog } from "./fake-order-address.ts";
import { FakeReturns, type ReturnsLog } from "./fake-returns.ts";
import { parseExactJson } from "#app/orders/exact-json.ts";
import { STATUS_KEY, STATUS_NAMESPACE } from "#app/shipments/status-metafields.ts";
import { FakeMetafields } from "./fake-metafields.ts";
import { FakeCarrierServices } from "./fake-carrier-services.ts";
import { adminQueryErrors, adminVariableErrors } from "#app/admin-api/admin-schema.ts";
import { orderToAdminNode } from "./admin-orders.ts";
import { accessDeniedAnswer, appTomlScopes } from "./access.ts";
import { pageConnections } from "./fake-connections.ts";
import { returnPageAnswer } from "./fake-return-pages.ts";
import { FakeCostBuckets, withinCostLimits, type ShopifyPlan } from "./fake-query-cost.ts";
import { inputTooLargeAnswer } from "./fake-input-limits.ts";

/** What an installation grants: the scopes shopify.app.toml requests. */
const APP_SCOPES: readonly string[] = appTomlScopes();

/**
 * Shopify's Admin GraphQL as the tests, the benchmarks, the drills and the demo meet it (Shopify
 * cannot run here): the app's own queries and mutations only, each validated against Shopify's
 * real 2026-10 schema, over the store orders Shopify holds for each shop.
 */

/** A location of a shop, as Shopify's Location (gid, name; a fulfillment service's, when named). */
export interface FakeLocation {
  id: string;
  name: string;
  fulfillmentService?: string;
  address?: {
    address1?: string;
    city?: string;
    province?: string;
    zip?: string;
    phone?: string;
    latitude?: number;
    longitude?: number;
  };
}

/** How Shopify split an order between locations: one fulfillment order per entry. */
export interface FakeFulfillmentOrder {
  id: string;
  locationId: string;
  status?: string;
  methodType?: string;
  /** Line item id (numeric) → units assigned to this fulfillment order. */
  lines: Record<string, number>;
  /** Line item id → units still to fulfill, where fewer than assigned (fulfilled by hand). */
  remaining?: Record<string, number>;
  /** Its holds (the status is ON_HOLD while it has any): staff's, another app's, or this app's own. */
  holds?: FakeHold[];
}

/** A fulfillment hold, as Shopify's FulfillmentHold (`byApp`: placed by the app asking). */
export interface FakeHold {
  id: string;
  reason: string;
  notes?: string;
  handle?: string;
  byApp?: boolean;
}

/** FulfillmentHold.displayReason for the reasons the tests use. */
const HOLD_WORDS: Record<string, string> = {
  OTHER: "Other",
  AWAITING_PAYMENT: "Awaiting payment",
  HIGH_RISK_OF_FRAUD: "High risk of fraud",
  INCORRECT_ADDRESS: "Incorrect address",
  INVENTORY_OUT_OF_STOCK: "Inventory out of stock",
};

/** The one location a shop has unless a test gives it others: a merchant's single warehouse. */
export const SHOP_LOCATION: FakeLocation = {
  id: "gid://shopify/Location/1",
  name: "Shop location",
};

/** The id of an order's one fulfillment order when Shopify did not split it. */
const defaultFulfillmentOrderId = (orderId: string) => `gid://shopify/FulfillmentOrder/${orderId}1`;

/** Store orders the fake Admin API knows (what Shopify holds), per shop, in the webhook's shape. */
export class FakeShopifyOrders {
  readonly byShop = new Map<string, Map<string, Record<string, unknown>>>();
  /** The shop's locations (SHOP_LOCATION alone unless set). */
  readonly locations = new Map<string, FakeLocation[]>();
  /** Each shop's time zone as Shopify names it (`shop.ianaTimezone`); Asia/Jakarta when not set. */
  readonly timeZones = new Map<string, string>();
  /** Orders Shopify split between locations; any other order has one fulfillment order at the shop's first location. */
  readonly layouts = new Map<string, FakeFulfillmentOrder[]>();
  /** Fulfillment orders closed by a fulfillment ("<shop> <gid>"). */
  readonly fulfilled = new Set<string>();
  /** The shops' metafield definitions and values. */
  readonly metafields = new FakeMetafields();
  /** The shops' carrier services (rates at checkout). */
  readonly carrierServices = new FakeCarrierServices();
  /** The scopes each shop granted the app, where not those shopify.app.toml requests. */
  readonly grants = new Map<string, readonly string[]>();
  /** The fulfillments made ("<shop> <gid>") and the events on each, in the order they were created. */
  readonly fulfillmentEvents = new Map<string, FakeFulfillmentEvent[]>();
  /** The fulfillments' lines, the orders' returns and what was restocked. */
  readonly returns = new FakeReturns();
  /** Orders' cancellations: asked with orderCancel, done when Shopify's job runs. */
  readonly cancels = new FakeOrderCancels();
  /** Whether each fulfillment's customer is notified, and the e-mails Shopify would send. */
  readonly notifications = new FakeCustomerNotifications();
  /** Each shop's query-cost bucket (`plan`'s, the standard plan's unless given, unless set per shop). */
  readonly costs: FakeCostBuckets;

  constructor(plan: ShopifyPlan = "standard") {
    this.costs = new FakeCostBuckets(plan);
  }

  /** What the shop granted: shopify.app.toml's scopes unless a test set others (`grant`, `revoke`). */
  scopesOf(shop: string): readonly string[] {
    return this.grants.get(shop) ?? APP_SCOPES;
  }
  /** The shop's grant is now exactly `scopes` (a merchant approving updated permissions). */
  grant(shop: string, scopes: readonly string[]): void {
    this.grants.set(shop, [...scopes]);
  }
  /** The shop's grant lacks these (installed before the app asked for them). */
  revoke(shop: string, ...scopes: string[]): void {
    this.grants.set(
      shop,
      this.scopesOf(shop).filter((s) => !scopes.includes(s)),
    );
  }

  locationsOf(shop: string): FakeLocation[] {
    return this.locations.get(shop) ?? [SHOP_LOCATION];
  }

  /** An order without a split: one fulfillment order at the shop's first location, for every shippable line. */
  private defaultLayout(shop: string, orderId: string): FakeFulfillmentOrder[] {
    const lines = lineItemsOf(this.byShop.get(shop)?.get(orderId));
    const shippable = lines.filter((l) => l.requires_shipping !== false && l.gift_card !== true);
    return [
      {
        id: defaultFulfillmentOrderId(orderId),
        locationId: this.locationsOf(shop)[0]!.id,
        lines: Object.fromEntries(
          shippable.map((l) => [String(l.id), Number(l.current_quantity ?? l.quantity ?? 0)]),
        ),
        remaining: Object.fromEntries(
          shippable.map((l) => [
            String(l.id),
            Number(l.fulfillable_quantity ?? l.current_quantity ?? l.quantity ?? 0),
          ]),
        ),
      },
    ];
  }

  /** The order's fulfillment orders as Shopify's Admin API gives them (OrderFulfillmentOrders). */
  fulfillmentOrdersOf(shop: string, orderId: string): Record<string, unknown>[] {
    const order = this.byShop.get(shop)?.get(orderId);
    if (!order) return [];
    const closed = Boolean(order.cancelled_at) || order.fulfillment_status === "fulfilled";
    const layout = this.layouts.get(`${shop}/${orderId}`) ?? this.defaultLayout(shop, orderId);
    const locations = this.locationsOf(shop);
    return layout.map((fo) => {
      const location = locations.find((l) => l.id === fo.locationId) ?? {
        id: fo.locationId,
        name: fo.locationId,
      };
      const done = this.fulfilled.has(`${shop} ${fo.id}`);
      const holds = fo.holds ?? [];
      return {
        id: fo.id,
        status: done
          ? "CLOSED"
          : closed
            ? order.cancelled_at
              ? "CANCELLED"
              : "CLOSED"
            : (fo.status ?? (holds.length > 0 ? "ON_HOLD" : "OPEN")),
        fulfillmentHolds: holds.map((h) => ({
          id: h.id,
          displayReason: HOLD_WORDS[h.reason] ?? h.reason,
          reasonNotes: h.notes ?? null,
          heldByRequestingApp: Boolean(h.byApp),
        })),
        supportedActions:
          done || closed || holds.length > 0 ? [] : [{ action: "CREATE_FULFILLMENT" }],
        deliveryMethod: { methodType: fo.methodType ?? "SHIPPING" },
        assignedLocation: {
          name: location.name,
          location: {
            id: location.id,
            isFulfillmentService: Boolean(location.fulfillmentService),
            fulfillmentService: location.fulfillmentService
              ? { serviceName: location.fulfillmentService }
              : null,
          },
        },
        lineItems: {
          nodes: Object.entries(fo.lines).map(([lineItemId, quantity], i) => ({
            id: `${fo.id.replace("FulfillmentOrder", "FulfillmentOrderLineItem")}${i}`,
            totalQuantity: quantity,
            remainingQuantity:
              done || closed || fo.status === "CLOSED" || fo.status === "CANCELLED"
                ? 0
                : (fo.remaining?.[lineItemId] ?? quantity),
            lineItem: { id: `gid://shopify/LineItem/${lineItemId}` },
          })),
        },
      };
    });
  }
  /** The order a fulfillment order of the shop belongs to (split ones, and each order's default one). */
  orderOfFulfillmentOrder(shop: string, foId: string): string | null {
    for (const orderId of this.byShop.get(shop)?.keys() ?? []) {
      const layout = this.layouts.get(`${shop}/${orderId}`);
      if ((layout ?? this.defaultLayout(shop, orderId)).some((fo) => fo.id === foId))
        return orderId;
    }
    return null;
  }
  /** The fulfillment orders of an order, to change as Shopify would (a move, a split, a hold). */
  layoutOf(shop: string, orderId: string): FakeFulfillmentOrder[] {
    const key = `${shop}/${orderId}`;
    if (!this.layouts.has(key)) this.layouts.set(key, this.defaultLayout(shop, orderId));
    return this.layouts.get(key)!;
  }
  /** Whether the shop holds the order (by its id, unique across Shopify). */
  holds(shop: string, orderId: string): boolean {
    return this.byShop.get(shop)?.has(orderId) ?? false;
  }
  put(shop: string, order: Record<string, unknown>): void {
    const orders = this.byShop.get(shop) ?? new Map<string, Record<string, unknown>>();
    orders.set(String(order.id), order);
    this.byShop.set(shop, orders);
  }
  list(shop: string): Record<string, unknown>[] {
    return [...(this.byShop.get(shop)?.values() ?? [])].sort((a, b) =>
      String(a.created_at).localeCompare(String(b.created_at)),
    );
  }
}

/** Shopify's order search, as far as the app uses it: created_at/updated_at ranges, status:open, fulfillment_status:unfulfilled. */
function matchesSearch(order: Record<string, unknown>, query: string): boolean {
  for (const [, field, value] of query.matchAll(/(created_at|updated_at):>='([^']+)'/g)) {
    if (Date.parse(String(order[field!] ?? "")) < Date.parse(value!)) return false;
  }
  if (/\bstatus:open\b/.test(query) && order.cancelled_at) return false;
  if (/fulfillment_status:unfulfilled/.test(query) && order.fulfillment_status === "fulfilled")
    return false;
  return true;
}

/** The order id of an Order gid; anything else is refused. */
function orderIdOf(gid: unknown): string {
  const id = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(String(gid))?.[1];
  if (!id) throw new Error("order id must be an Order gid");
  return id;
}

/** What the fake Admin API was asked to do, per shop. */
/** A fulfillment event as Shopify keeps it (FulfillmentEvent). */
export interface FakeFulfillmentEvent {
  id: string;
  status: string;
  happenedAt: string;
  message: string | null;
  city: string | null;
  estimatedDeliveryAt: string | null;
}

export interface FakeAdminLog
  extends
    SettlementLog,
    ReturnsLog,
    CancelLog,
    InvoiceLog,
    RiskAssessmentLog,
    AddressUpdateLog,
    CustomerNotificationsLog {
  fulfillments: { shop: string; input: Record<string, unknown> }[];
  trackingUpdates: { shop: string; fulfillmentId: string; tracking: Record<string, unknown> }[];
  /** The order status metafield values written (parcelbridge.status), in order. */
  metafields: { shop: string; ownerId: string; value: string }[];
  /** This app's holds placed and released (the "hold while booking" setting), in order. */
  holds?: { shop: string; fulfillmentOrderId: string; action: "hold" | "release" }[];
  /** Every fulfillment event created, in order, with the fulfillment it is on. */
  fulfillmentEvents?: (FakeFulfillmentEvent & { shop: string; fulfillmentId: string })[];
}

/** A record with every kind of call the fake Admin API keeps, empty. */
export function emptyAdminLog(): Required<FakeAdminLog> {
  return {
    fulfillments: [],
    trackingUpdates: [],
    metafields: [],
    holds: [],
    fulfillmentEvents: [],
    customerNotifications: [],
    markedPaid: [],
    returns: [],
    restocks: [],
    cancellations: [],
    reverseDeliveries: [],
    invoices: [],
    riskAssessments: [],
    addressUpdates: [],
  };
}

let fulfillmentEventCount = 0;

/**
 * Any document, not only the app's generated ones: the fake Shopify server hands it whatever a
 * request carries. It is an AdminGraphql too (the typed one is a narrowing of it).
 */
export type RawAdminGraphql = (
  shop: string,
  query: string,
  variables: Record<string, unknown>,
) => Promise<unknown>;

/** The name the fake gives a shop in Shopify: "toko-batik-1.myshopify.com" → "Toko Batik 1". */
export function fakeShopName(shop: string): string {
  return shop
    .replace(/\.myshopify\.com$/, "")
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/**
 * Stands in for Shopify's Admin GraphQL (which cannot run here): answers only the app's own
 * queries and mutations, checks their variables, and records what it was asked.
 */
export function fakeAdminGraphql(
  calls: { shop: string; ids: string[] }[] = [],
  log?: FakeAdminLog,
  orders?: FakeShopifyOrders,
): RawAdminGraphql {
  const answer = answerer(calls, log, orders);
  return async (shop: string, query: string, variables: Record<string, unknown>) => {
    // Every document must be one Shopify's 2026-10 schema accepts.
    const invalid = adminQueryErrors(query);
    if (invalid.length > 0)
      throw new Error(`Admin GraphQL would refuse the query: ${invalid.join("; ")}`);
    // And the variables the app sends with it, against the operation's variable types.
    const badVariables = adminVariableErrors(query, variables);
    if (badVariables.length > 0)
      throw new Error(`Admin GraphQL would refuse the variables: ${badVariables.join("; ")}`);
    // A list over Shopify's 250 inputs is refused before anything runs.
    const tooLarge = inputTooLargeAnswer(variables);
    if (tooLarge) return tooLarge;
    // Priced before it runs, against the shop's bucket; each connection cut to the page asked for.
    return withinCostLimits((orders ?? SHOPIFY_ORDERS).costs, shop, query, variables, async () => {
      const body = (await answer(shop, query, variables)) as { data?: unknown } | null;
      return body && "data" in body
        ? { ...body, data: pageConnections(query, variables, body.data) }
        : body;
    });
  };
}

/** The answer to one valid document, every connection whole. */
function answerer(
  calls: { shop: string; ids: string[] }[],
  log: FakeAdminLog | undefined,
  orders: FakeShopifyOrders | undefined,
): RawAdminGraphql {
  return async (shop: string, query: string, variables: Record<string, unknown>) => {
    // A field the shop's grant does not cover: Shopify's ACCESS_DENIED, whatever it asks.
    const granted = (orders ?? SHOPIFY_ORDERS).scopesOf(shop);
    const denied = accessDeniedAnswer(query, granted);
    if (denied) return denied;
    // Which store of orders holds one: the caller's own, else the process-wide one; null when neither.
    const holderOf = (orderId: string) =>
      orders?.holds(shop, orderId)
        ? orders
        : SHOPIFY_ORDERS.holds(shop, orderId)
          ? SHOPIFY_ORDERS
          : null;
    if (query === SHOP_NAME_QUERY) return { data: { shop: { name: fakeShopName(shop) } } };
    if (query === SHOP_TIME_ZONE_QUERY)
      return {
        data: {
          shop: {
            ianaTimezone:
              orders?.timeZones.get(shop) ?? SHOPIFY_ORDERS.timeZones.get(shop) ?? "Asia/Jakarta",
          },
        },
      };
    if (query === GRANTED_SCOPES_QUERY)
      return {
        data: {
          currentAppInstallation: { accessScopes: granted.map((handle) => ({ handle })) },
        },
      };
    if (query === ORDER_QUERY) {
      const id = String(variables.id).replace("gid://shopify/Order/", "");
      const order = orders?.byShop.get(shop)?.get(id);
      return { data: { order: order ? orderToAdminNode(order) : null } };
    }
    if (query === RECENT_PAYMENT_GATEWAYS_QUERY) {
      // The shop's orders in either store (the caller's own, and the process-wide one).
      const byId = new Map(
        [...SHOPIFY_ORDERS.list(shop), ...(orders?.list(shop) ?? [])].map((o) => [String(o.id), o]),
      );
      const latest = [...byId.values()]
        .sort((a, b) => String(b.created_at ?? "").localeCompare(String(a.created_at ?? "")))
        .slice(0, Number(variables.first));
      return {
        data: {
          orders: {
            nodes: latest.map((o) => ({
              paymentGatewayNames: (o.payment_gateway_names as string[] | undefined) ?? [],
            })),
          },
        },
      };
    }
    if (query === ORDERS_QUERY) {
      const all = (orders?.list(shop) ?? []).filter((o) =>
        matchesSearch(o, String(variables.query)),
      );
      return { data: { orders: { nodes: all.map(orderToAdminNode) } } };
    }
    if (query === VARIANT_DIMENSIONS_QUERY) {
      const ids = variables.ids as string[];
      calls.push({ shop, ids });
      return { data: { nodes: variantDimensionNodes(ids) } };
    }
    if (query === PRODUCT_FACTS_QUERY) {
      const ids = variables.ids as string[];
      return { data: { nodes: productFactNodes(ids) } };
    }
    const held = orders ?? SHOPIFY_ORDERS;
    if (query === ORDER_FULFILLMENT_ORDERS_QUERY || query === ORDER_FOR_SHIPPING_QUERY) {
      const orderId = orderIdOf(variables.id);
      const holder = holderOf(orderId);
      const locations = held
        .locationsOf(shop)
        .map((l) => ({ id: l.id, isFulfillmentService: Boolean(l.fulfillmentService) }));
      const order = holder
        ? {
            id: variables.id,
            fulfillmentOrders: { nodes: holder.fulfillmentOrdersOf(shop, orderId) },
            ...(query === ORDER_FOR_SHIPPING_QUERY
              ? { lineItems: { nodes: lineItemProducts(holder.byShop.get(shop)?.get(orderId)) } }
              : {}),
          }
        : null;
      if (order && query === ORDER_FOR_SHIPPING_QUERY) {
        const ids = order.lineItems!.nodes.flatMap((l) => (l.product ? [l.product.id] : []));
        calls.push({ shop, ids });
      }
      return { data: { order, locations: { nodes: locations } } };
    }
    if (query === ORDER_FULFILLMENT_ORDERS_PAGE) {
      const orderId = orderIdOf(variables.id);
      const holder = holderOf(orderId);
      return {
        data: {
          order: holder
            ? {
                id: variables.id,
                fulfillmentOrders: { nodes: holder.fulfillmentOrdersOf(shop, orderId) },
              }
            : null,
        },
      };
    }
    if (query === FULFILLMENT_ORDER_LINES_PAGE) {
      const foId = String(variables.id);
      const holder = orders?.orderOfFulfillmentOrder(shop, foId) ? orders : SHOPIFY_ORDERS;
      const orderId = holder.orderOfFulfillmentOrder(shop, foId);
      const fo = orderId
        ? holder.fulfillmentOrdersOf(shop, orderId).find((f) => f.id === foId)
        : undefined;
      return { data: { fulfillmentOrder: fo ? { id: foId, lineItems: fo.lineItems } : null } };
    }
    if (query === ORDER_LINE_PRODUCTS_PAGE || query === ORDER_LINES_PAGE) {
      const orderId = orderIdOf(variables.id);
      const order = holderOf(orderId)?.byShop.get(shop)?.get(orderId);
      const lineItems =
        query === ORDER_LINES_PAGE
          ? order && orderToAdminNode(order).lineItems
          : { nodes: lineItemProducts(order) };
      return { data: { order: order ? { id: variables.id, lineItems } : null } };
    }
    if (query === BOOKING_HOLD || query === BOOKING_HOLD_RELEASE) {
      const foId = String(variables.id);
      const holder = orders?.orderOfFulfillmentOrder(shop, foId) ? orders : SHOPIFY_ORDERS;
      const orderId = holder.orderOfFulfillmentOrder(shop, foId);
      const fo = orderId ? holder.layoutOf(shop, orderId).find((f) => f.id === foId) : undefined;
      const closed =
        !fo ||
        fo.status === "CLOSED" ||
        fo.status === "CANCELLED" ||
        holder.fulfilled.has(`${shop} ${foId}`);
      if (query === BOOKING_HOLD) {
        const input = variables.fulfillmentHold as {
          reason: string;
          reasonNotes?: string;
          handle?: string;
        };
        if (closed)
          return {
            data: {
              fulfillmentOrderHold: {
                fulfillmentHold: null,
                userErrors: [
                  { field: ["id"], message: "The fulfillment order cannot be placed on hold." },
                ],
              },
            },
          };
        const hold = {
          id: `gid://shopify/FulfillmentHold/${foId.split("/").pop()}${(fo.holds?.length ?? 0) + 1}`,
          reason: input.reason,
          notes: input.reasonNotes,
          handle: input.handle,
          byApp: true,
        };
        fo.holds = [...(fo.holds ?? []), hold];
        log?.holds?.push({ shop, fulfillmentOrderId: foId, action: "hold" });
        return {
          data: { fulfillmentOrderHold: { fulfillmentHold: { id: hold.id }, userErrors: [] } },
        };
      }
      const ids = (variables.holdIds as string[] | undefined) ?? [];
      const ours = fo?.holds?.filter((h) => h.byApp && ids.includes(h.id)) ?? [];
      if (!fo || ours.length === 0)
        return {
          data: {
            fulfillmentOrderReleaseHold: {
              fulfillmentOrder: null,
              userErrors: [{ field: ["holdIds"], message: "The fulfillment hold does not exist." }],
            },
          },
        };
      fo.holds = fo.holds!.filter((h) => !ours.includes(h));
      log?.holds?.push({ shop, fulfillmentOrderId: foId, action: "release" });
      return {
        data: {
          fulfillmentOrderReleaseHold: {
            fulfillmentOrder: { id: foId, status: fo.holds.length > 0 ? "ON_HOLD" : "OPEN" },
            userErrors: [],
          },
        },
      };
    }
    if (query === FULFILLMENT_ORDER_ORDER_QUERY) {
      const id = String(variables.id);
      const orderId =
        orders?.orderOfFulfillmentOrder(shop, id) ??
        SHOPIFY_ORDERS.orderOfFulfillmentOrder(shop, id);
      return {
        data: {
          fulfillmentOrder: orderId ? { id, orderId: `gid://shopify/Order/${orderId}` } : null,
        },
      };
    }
    if (query === SHOP_LOCATIONS_QUERY) {
      const nodes = held.locationsOf(shop).map((l) => ({
        id: l.id,
        name: l.name,
        isFulfillmentService: Boolean(l.fulfillmentService),
        fulfillsOnlineOrders: true,
        address: {
          address1: l.address?.address1 ?? null,
          address2: null,
          city: l.address?.city ?? null,
          province: l.address?.province ?? null,
          zip: l.address?.zip ?? null,
          countryCode: "ID",
          phone: l.address?.phone ?? null,
          latitude: l.address?.latitude ?? null,
          longitude: l.address?.longitude ?? null,
        },
      }));
      return { data: { locations: { nodes } } };
    }
    if (query === FULFILLMENT_CREATE) {
      const input = variables.fulfillment as {
        lineItemsByFulfillmentOrder: { fulfillmentOrderId: string }[];
        trackingInfo: { number: string };
      };
      if (
        !input?.lineItemsByFulfillmentOrder?.[0]?.fulfillmentOrderId ||
        !input.trackingInfo?.number
      )
        throw new Error("fulfillmentCreate needs a fulfillment order and a tracking number");
      log?.fulfillments.push({ shop, input: input as never });
      const id = `gid://shopify/Fulfillment/${input.lineItemsByFulfillmentOrder[0].fulfillmentOrderId.split("/").pop()}`;
      // The fulfillment's lines: what its fulfillment orders had left to fulfill.
      const foIds = input.lineItemsByFulfillmentOrder.map((fo) => fo.fulfillmentOrderId);
      const orderId = held.orderOfFulfillmentOrder(shop, foIds[0]!);
      if (orderId) {
        const fos = held
          .fulfillmentOrdersOf(shop, orderId)
          .filter((fo) => foIds.includes(String(fo.id)));
        const first = fos[0] as
          { assignedLocation: { name: string; location: { id: string } } } | undefined;
        held.returns.recordFulfillment(shop, id, {
          orderId,
          location: {
            id: first?.assignedLocation.location.id ?? SHOP_LOCATION.id,
            name: first?.assignedLocation.name ?? SHOP_LOCATION.name,
          },
          lines: fos.flatMap((fo) =>
            (
              fo.lineItems as {
                nodes: { id: string; remainingQuantity: number; lineItem: { id: string } }[];
              }
            ).nodes
              .filter((l) => l.remainingQuantity > 0)
              .map((l) => ({
                id: l.id.replace("FulfillmentOrderLineItem", "FulfillmentLineItem"),
                lineItemId: l.lineItem.id,
                quantity: l.remainingQuantity,
              })),
          ),
        });
      }
      for (const fo of input.lineItemsByFulfillmentOrder)
        held.fulfilled.add(`${shop} ${fo.fulfillmentOrderId}`);
      if (!held.fulfillmentEvents.has(`${shop} ${id}`))
        held.fulfillmentEvents.set(`${shop} ${id}`, []);
      held.notifications.fulfillmentCreated(
        shop,
        id,
        (input as { notifyCustomer?: unknown }).notifyCustomer,
        log,
      );
      return {
        data: { fulfillmentCreate: { fulfillment: { id, status: "SUCCESS" }, userErrors: [] } },
      };
    }
    if (query === FULFILLMENT_EVENT_CREATE) {
      const input = variables.fulfillmentEvent as Record<string, string | undefined>;
      const fulfillmentId = String(input.fulfillmentId);
      const events = held.fulfillmentEvents.get(`${shop} ${fulfillmentId}`);
      // Shopify's answer for a fulfillment the shop does not have.
      if (!events)
        return {
          data: {
            fulfillmentEventCreate: {
              fulfillmentEvent: null,
              userErrors: [
                {
                  field: ["fulfillmentEvent", "fulfillmentId"],
                  message: "Fulfillment does not exist.",
                },
              ],
            },
          },
        };
      const event: FakeFulfillmentEvent = {
        id: `gid://shopify/FulfillmentEvent/${++fulfillmentEventCount}`,
        status: String(input.status),
        happenedAt: input.happenedAt ?? new Date().toISOString(),
        message: input.message ?? null,
        city: input.city ?? null,
        estimatedDeliveryAt: input.estimatedDeliveryAt ?? null,
      };
      events.push(event);
      log?.fulfillmentEvents?.push({ ...event, shop, fulfillmentId });
      held.notifications.eventCreated(shop, fulfillmentId, event.status, log);
      return {
        data: {
          fulfillmentEventCreate: {
            fulfillmentEvent: { id: event.id, status: event.status, happenedAt: event.happenedAt },
            userErrors: [],
          },
        },
      };
    }
    if (query === FULFILLMENT_EVENTS_QUERY) {
      const events = held.fulfillmentEvents.get(`${shop} ${String(variables.id)}`);
      return {
        data: {
          fulfillment: events
            ? {
                id: variables.id,
                events: {
                  nodes: [...events]
                    .sort((a, b) => Date.parse(a.happenedAt) - Date.parse(b.happenedAt))
                    .map((e) => ({ id: e.id, status: e.status, happenedAt: e.happenedAt })),
                },
              }
            : null,
        },
      };
    }
    if (query === TRACKING_UPDATE) {
      log?.trackingUpdates.push({
        shop,
        fulfillmentId: String(variables.fulfillmentId),
        tracking: variables.trackingInfoInput as never,
      });
      held.notifications.trackingUpdated(
        shop,
        String(variables.fulfillmentId),
        variables.notifyCustomer,
        log,
      );
      return {
        data: {
          fulfillmentTrackingInfoUpdate: {
            fulfillment: { id: variables.fulfillmentId },
            userErrors: [],
          },
        },
      };
    }
    const settlement = settlementAnswer(
      shop,
      query,
      variables,
      (orderId) => holderOf(orderId)?.byShop.get(shop)?.get(orderId) ?? null,
      log,
    );
    if (settlement !== undefined) return settlement;
    const invoice = invoiceAnswer(
      shop,
      query,
      variables,
      (orderId) => holderOf(orderId)?.byShop.get(shop)?.get(orderId) ?? null,
      log,
    );
    if (invoice !== undefined) return invoice;
    const risk = riskAssessmentAnswer(
      shop,
      query,
      variables,
      (orderId) => holderOf(orderId)?.byShop.get(shop)?.get(orderId) ?? null,
      log,
    );
    if (risk !== undefined) return risk;
    const addressUpdate = addressUpdateAnswer(
      shop,
      query,
      variables,
      (orderId) => holderOf(orderId)?.byShop.get(shop)?.get(orderId) ?? null,
      log,
    );
    if (addressUpdate !== undefined) return addressUpdate;
    const returnsAnswer = held.returns.answer(
      shop,
      query,
      variables,
      (orderId) => holderOf(orderId)?.byShop.get(shop)?.get(orderId) ?? null,
      held.locationsOf(shop).map((l) => l.id),
      log,
    );
    if (returnsAnswer !== undefined) return returnsAnswer;
    const returnPage = returnPageAnswer(
      held.returns,
      shop,
      query,
      variables,
      (orderId) => holderOf(orderId)?.byShop.get(shop)?.get(orderId) ?? null,
    );
    if (returnPage !== undefined) return returnPage;
    const cancelAnswer = held.cancels.answer(
      shop,
      query,
      variables,
      (orderId) => holderOf(orderId)?.byShop.get(shop)?.get(orderId) ?? null,
      (orderId) => held.returns.cancelBlocker(shop, orderId),
      log,
    );
    if (cancelAnswer !== undefined) return cancelAnswer;
    const carrierAnswer = held.carrierServices.answer(shop, query, variables);
    if (carrierAnswer !== undefined) return carrierAnswer;
    const metafieldAnswer = held.metafields.answer(shop, query, variables);
    if (metafieldAnswer !== undefined) {
      if (query === METAFIELDS_SET) {
        const status = (
          variables.metafields as {
            ownerId: string;
            namespace: string;
            key: string;
            value: string;
          }[]
        ).find((m) => m.namespace === STATUS_NAMESPACE && m.key === STATUS_KEY);
        if (status) log?.metafields.push({ shop, ownerId: status.ownerId, value: status.value });
      }
      return metafieldAnswer;
    }
    throw new Error(`Unexpected Admin GraphQL query: ${query.slice(0, 80)}`);
  };
}

/**
 * The orders Shopify holds, for the whole test process: a genuine order delivery (signed for a
 * shop, test/helpers/shopify.ts) puts its order here under that shop, as Shopify would hold it.
 */
export const SHOPIFY_ORDERS = new FakeShopifyOrders();

const ORDER_TOPICS = new Set([
  "orders/create",
  "orders/updated",
  "orders/paid",
  "orders/cancelled",
]);

/** Shopify holds the order of a delivery it signed for `shop` (a body with an order id, for an order topic). */
export function holdDeliveredOrder(
  topic: string,
  shop: string,
  raw: string,
  orders: FakeShopifyOrders = SHOPIFY_ORDERS,
): void {
  if (!ORDER_TOPICS.has(topic)) return;
  let body: unknown;
  try {
    // Ids above 2^53 kept exact, as the app reads them.
    body = parseExactJson(raw);
  } catch {
    return;
  }
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id === "number" || typeof id === "string")
    orders.put(shop, body as Record<string, unknown>);
}
