import { namedOnce } from "../shipments/courier-names";
import { fiveDigitPostalCode } from "../shipping/postal-code";
import { and, asc, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { returnPickups, shipments, type ReturnPickup, type Shipment } from "../db/schema";
import { CUSTOMER_RETURN_QUERY } from "../admin-api/operations/return-pickups";
import { adminRequest, type AdminGraphql } from "../admin-api/request";
import { wholeCustomerReturn } from "./pickup-pages";
import type { CustomerReturnQuery } from "../admin-api/types/admin.generated";
import type { Env } from "../platform/env.server";
import type { ShipmentContents } from "../orders/map-types";
import type { LabelSnapshot } from "../db/json-columns";
import type { DraftOrderCreateRequest } from "../shipping/contract";
import { shippingAccessForShop } from "../shops/shipping-client.server";
import type { ReturnPickupLine } from "../db/json-columns";

/**
 * Customers' returns picked up by the courier. Shopify's `returns/approve` (a return the customer
 * asked for and the merchant approved) records the return against the order's booked shipment;
 * `returns/decline` and `returns/close` end it before anything is booked. The merchant then books
 * the pickup from the shipment's page, at the price shown: an ordinary order at the service from
 * the customer's address to the pickup location the parcel left from, the returned lines only,
 * non-COD (worker/processors/book-return-pickup.ts).
 */

const returnGid = (id: string | number) =>
  String(id).startsWith("gid://") ? String(id) : `gid://shopify/Return/${id}`;

/** returns/approve: the return, on the order's booked shipment; a redelivery changes nothing. */
export async function recordApprovedReturn(
  tx: Queryable,
  shop: string,
  returnId: string | number,
  orderId: string,
): Promise<void> {
  const shipment = await shippedShipmentOf(tx, shop, orderId);
  await tx
    .insert(returnPickups)
    .values({
      shop,
      shopifyReturnId: returnGid(returnId),
      orderId,
      shipmentId: shipment?.id ?? null,
    })
    .onConflictDoNothing();
}

/**
 * The shop's booked shipment of the order (its first part, latest attempt), which a customer's
 * return is picked up for; undefined when this shop booked none (a return approved for an order
 * the app never shipped, or a delivery replayed under another shop's header).
 */
export async function shippedShipmentOf(
  tx: Queryable,
  shop: string,
  orderId: string,
): Promise<{ id: string } | undefined> {
  const [shipment] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.shop, shop),
        eq(shipments.orderId, orderId),
        or(isNotNull(shipments.shippingOrderId), isNotNull(shipments.waybillId)),
      ),
    )
    .orderBy(asc(shipments.part), desc(shipments.attempt))
    .limit(1);
  return shipment;
}

/** returns/decline, returns/close: a return not booked yet books nothing (one booked stays as it is). */
export async function recordReturnEnded(
  tx: Queryable,
  shop: string,
  returnId: string | number,
  status: "declined" | "closed",
): Promise<void> {
  await tx
    .update(returnPickups)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(returnPickups.shop, shop),
        eq(returnPickups.shopifyReturnId, returnGid(returnId)),
        eq(returnPickups.status, "approved"),
      ),
    );
}

export async function pickupsOfOrder(
  db: Queryable,
  shop: string,
  orderId: string,
): Promise<ReturnPickup[]> {
  return db
    .select()
    .from(returnPickups)
    .where(and(eq(returnPickups.shop, shop), eq(returnPickups.orderId, orderId)))
    .orderBy(asc(returnPickups.createdAt));
}

export async function getPickup(db: Queryable, shop: string, id: string) {
  const [row] = await db
    .select()
    .from(returnPickups)
    .where(and(eq(returnPickups.shop, shop), eq(returnPickups.id, id)));
  return row ?? null;
}

/** The return pickup whose order at the service this is (the service's events name only the order). */
/** The shop's return pickup with that order at the shipping service. */
export async function getPickupByShippingOrderId(
  db: Queryable,
  shop: string,
  shippingOrderId: string,
) {
  const [row] = await db
    .select({ id: returnPickups.id, shop: returnPickups.shop })
    .from(returnPickups)
    .where(and(eq(returnPickups.shippingOrderId, shippingOrderId), eq(returnPickups.shop, shop)))
    .limit(1);
  return row ?? null;
}

export type CustomerReturn = NonNullable<CustomerReturnQuery["return"]>;

/** The return with every reverse fulfillment order, line and delivery (./pickup-pages.ts). */
export async function customerReturn(
  graphql: AdminGraphql,
  shop: string,
  returnId: string,
): Promise<CustomerReturn | null> {
  const found = (await adminRequest(graphql, shop, CUSTOMER_RETURN_QUERY, { id: returnId })).return;
  return found ? wholeCustomerReturn(graphql, shop, found) : null;
}

/**
 * What comes back: the return's first reverse fulfillment order with lines, each with the weight
 * and value of the original parcel's item of that name (else the parcel's average unit).
 */
export function pickupLines(
  found: CustomerReturn,
  shipment: Pick<Shipment, "label" | "contents">,
): { reverseFulfillmentOrderId: string; lines: ReturnPickupLine[] } | null {
  const order = found.reverseFulfillmentOrders.nodes.find((r) => r.lineItems.nodes.length > 0);
  if (!order) return null;
  const items = shipment.label?.items ?? [];
  const contents = (shipment.contents as ShipmentContents | null)?.items ?? [];
  const units = items.reduce((n, i) => n + i.quantity, 0);
  const average = units > 0 ? items.reduce((g, i) => g + i.grams * i.quantity, 0) / units : 1000;
  return {
    reverseFulfillmentOrderId: order.id,
    lines: order.lineItems.nodes.map((line) => {
      const name = line.fulfillmentLineItem?.lineItem.name ?? "Returned item";
      const item = items.find((i) => i.name === name);
      const content = contents.find((c) => c.name === name);
      return {
        reverseLineId: line.id,
        name,
        quantity: line.totalQuantity,
        grams: Math.max(1, Math.round(item?.grams ?? average)),
        value: content?.value ?? 0,
      };
    }),
  };
}

/** A five-digit postal code, or nothing (the draft's field left out). */
const postal = (value: string | null | undefined) => fiveDigitPostalCode(value) ?? undefined;

/** The pickup as the service's draft: from the customer (the parcel's receiver) back to its sender. */
export function pickupDraft(
  label: LabelSnapshot,
  lines: readonly ReturnPickupLine[],
  courier: { company: string; type: string },
  options: { referenceId: string; returnName: string; orderName: string | null },
): DraftOrderCreateRequest {
  const { sender, receiver } = label;
  return {
    origin_contact_name: receiver.name ?? "Customer",
    origin_contact_phone: receiver.phone ?? "",
    origin_address: receiver.address ?? "",
    origin_postal_code: postal(receiver.postalCode),
    origin_note: `Return ${options.returnName} of order ${options.orderName ?? ""}`.trim(),
    destination_contact_name: sender.name ?? "Shop",
    destination_contact_phone: sender.phone ?? "",
    destination_address: sender.address ?? "",
    destination_postal_code: postal(sender.postalCode),
    courier_company: courier.company,
    courier_type: courier.type,
    delivery_type: "now",
    reference_id: options.referenceId,
    tags: ["return"],
    items: lines.map((l) => ({
      name: l.name,
      value: l.value,
      quantity: l.quantity,
      weight: l.grams,
    })),
  };
}

export interface PickupQuote {
  lines: ReturnPickupLine[];
  options: {
    company: string;
    type: string;
    name: string;
    price: number;
    /** The service's stated time ("2 - 3" and "days" or "hours"), said by the page in its words. */
    durationRange: string | null;
    durationUnit: string | null;
  }[];
  /** Why there is no price (the lines are still said when Shopify could tell them). */
  error: string | null;
}

/**
 * What booking the pickup would cost: the returned lines (from Shopify's return; the booking keeps them),
 * then the service's rates from the customer's postal code to the pickup location's for them, the
 * original parcel's courier service first.
 */
export async function quotePickup(
  deps: { db: Queryable; env: Env; graphql: AdminGraphql },
  shop: string,
  pickup: ReturnPickup,
  shipment: Shipment,
): Promise<PickupQuote> {
  const none = (error: string, lines: ReturnPickupLine[] = pickup.lines ?? []): PickupQuote => ({
    lines,
    options: [],
    error,
  });
  if (!shipment.label) return none("the original parcel's booking is not known yet");
  let found: CustomerReturn | null;
  try {
    found = await customerReturn(deps.graphql, shop, pickup.shopifyReturnId);
  } catch (error) {
    return none(`Shopify could not be asked for the return (${(error as Error).message})`);
  }
  if (!found) return none("Shopify no longer has this return");
  const what = pickupLines(found, shipment);
  if (!what) return none("the return has no lines to pick up");
  const origin = postal(shipment.label.receiver.postalCode);
  const destination = postal(shipment.label.sender.postalCode);
  if (!origin || !destination)
    return none(
      "a 5-digit postal code is needed for the customer's and the pickup address",
      what.lines,
    );
  try {
    const { client } = await shippingAccessForShop(deps.db, deps.env, shop);
    const rates = await client.getRates({
      origin_postal_code: origin,
      destination_postal_code: destination,
      couriers: shipment.courierCompany ?? "jne,sicepat,jnt,anteraja",
      items: what.lines.map((l) => ({
        name: l.name,
        value: l.value,
        quantity: l.quantity,
        weight: l.grams,
      })),
    });
    const options = rates.pricing
      .map((p) => ({
        company: p.courier_code,
        type: p.courier_service_code,
        name: namedOnce(
          p.courier_name ?? p.courier_code.toUpperCase(),
          p.courier_service_name ?? p.courier_service_code.toUpperCase(),
        ),
        price: p.price,
        durationRange: p.shipment_duration_range ?? null,
        durationUnit: p.shipment_duration_unit ?? null,
      }))
      .sort(
        (a, b) =>
          Number(b.type === shipment.courierType) - Number(a.type === shipment.courierType) ||
          a.price - b.price,
      );
    return {
      lines: what.lines,
      options,
      error: options.length === 0 ? "the service offers no courier for this pickup" : null,
    };
  } catch (error) {
    return none((error as Error).message, what.lines);
  }
}

/**
 * The merchant books the pickup at the quoted courier and price: approved → booking, once (a
 * second click, or a return declined meanwhile, changes nothing); the job does the rest.
 */
export async function requestPickup(
  db: Queryable,
  enqueue: { bookReturnPickup(shop: string, pickupId: string): Promise<unknown> },
  shop: string,
  pickupId: string,
  courier: { company: string; type: string; price: number },
): Promise<boolean> {
  const [claimed] = await db
    .update(returnPickups)
    .set({
      status: "booking",
      courierCompany: courier.company,
      courierType: courier.type,
      price: String(courier.price),
      problem: null,
      problemSaid: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(returnPickups.shop, shop),
        eq(returnPickups.id, pickupId),
        inArray(returnPickups.status, ["approved", "refused"]),
      ),
    )
    .returning({ id: returnPickups.id });
  if (!claimed) return false;
  await enqueue.bookReturnPickup(shop, pickupId);
  return true;
}
