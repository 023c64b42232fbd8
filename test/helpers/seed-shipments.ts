import type { Db } from "#app/db/client.server.ts";
import { shipmentEvents, shipments } from "#app/db/schema.ts";
import { inEnglish, said, type Said } from "#app/i18n/said.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";

/** A decision as the worker writes it: its English sentence and its message. */
const decided = (message: Said) => ({ decision: inEnglish(message), decisionSaid: [message] });

type Row = typeof shipments.$inferInsert;
type Event = Omit<typeof shipmentEvents.$inferInsert, "shipmentId" | "shop">;

const JNE = { courierCompany: "jne", courierType: "reg" };
// Where drafted shipments left from: the shop's two pickup locations.
const MAJU = { originLocationId: "seed-loc-maju", originName: "Gudang Toko Maju" };
const SLEMAN = { originLocationId: "seed-loc-sleman", originName: "Gudang Sleman" };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/**
 * A shop's list as a merchant has it after a busy week: a dozen shipments in different states,
 * from two pickup locations, with two problems of different kinds, one waiting for payment, one not to be shipped, an order shipped
 * from two warehouses (one parcel booked, the other held in Shopify) and an order shipped twice
 * (attempt 1 cancelled, attempt 2 on its way). Written straight to the database, with the
 * timelines the app writes, for the pages to be read (and photographed) as merchants see them.
 */
/**
 * Books a seeded shipment at the shipping service for real (the page's side card reads it there):
 * given its reference and the status the parcel has reached, the service's order id and waybill.
 */
export type BookAtService = (
  referenceId: string,
  status: string,
) => Promise<{ shippingOrderId: string; waybillId: string | null; trackingUrl: string | null }>;

export async function seedBusyShop(
  db: Db,
  shop: string,
  options: { firstOrderId?: number; bookAtService?: BookAtService } = {},
) {
  const firstOrderId = options.firstOrderId ?? 880_000;
  const destination = {
    destinationName: "Siti Rahayu",
    destinationAddress: "Jl. Kaliurang Km 5 No. 12, Sleman",
    destinationCity: "Sleman",
    destinationPostalCode: "55281",
  };
  let n = 0;
  const next = () => {
    n += 1;
    return {
      orderId: String(firstOrderId + n),
      orderName: `#${2000 + n}`,
      referenceId: `seed-${firstOrderId + n}`,
    };
  };
  const rows: { row: Omit<Row, "shop">; events: Event[] }[] = [
    {
      row: {
        ...next(),
        ...destination,
        ...JNE,
        status: "draft_ready",
        price: "34000",
        currency: "IDR",
        draftOrderId: "seed-draft-1",
        ...MAJU,
        updatedAt: minutesAgo(5),
      },
      events: [
        {
          actor: "webhook:orders/paid",
          type: "recorded",
          toStatus: "pending",
          message: "Order received paid (Transfer Bank BCA)",
        },
        {
          actor: "worker:create-draft",
          type: "draft_created",
          fromStatus: "pending",
          toStatus: "draft_ready",
          message: 'Draft with 2 items, 1,200 g, from the checkout\'s rate "JNE Reguler" (JNE REG)',
        },
      ],
    },
    {
      row: {
        ...next(),
        ...destination,
        status: "pending",
        // Written as today's writers write it: the English sentence, its message and its kind.
        ...problemOf("address", said("noDestinationPhone")),
        problems: [{ code: "no_destination_phone" }],
        updatedAt: minutesAgo(12),
      },
      events: [
        {
          actor: "webhook:orders/create",
          type: "recorded",
          toStatus: "pending",
          message: "Order received",
        },
        {
          actor: "worker:create-draft",
          type: "problem",
          message:
            "No phone number for the recipient (shipping address, customer or order). Add a phone number to the order's shipping address in Shopify.",
        },
      ],
    },
    {
      row: {
        ...next(),
        ...destination,
        ...JNE,
        status: "draft_ready",
        price: "41000",
        currency: "IDR",
        awaitingPayment: true,
        ...decided(said("waitingForPayment", { why: said("payment_pending") })),
        draftOrderId: "seed-draft-3",
        ...SLEMAN,
        updatedAt: minutesAgo(30),
      },
      events: [
        {
          actor: "webhook:orders/create",
          type: "recorded",
          toStatus: "pending",
          message: "Order received, payment pending (Bank Transfer)",
        },
        {
          actor: "worker:create-draft",
          type: "draft_created",
          fromStatus: "pending",
          toStatus: "draft_ready",
          message: "Draft made; booking waits for the payment",
        },
      ],
    },
    {
      row: {
        ...next(),
        ...destination,
        ...JNE,
        status: "confirmed",
        price: "34000",
        currency: "IDR",
        shippingOrderId: "seed-order-4",
        ...MAJU,
        waybillId: "CGK2611230004",
        trackingUrl: "https://track.example/CGK2611230004",
        updatedAt: minutesAgo(45),
      },
      events: [
        {
          actor: "webhook:orders/paid",
          type: "recorded",
          toStatus: "pending",
          message: "Order received paid (QRIS)",
        },
        {
          actor: "worker:create-draft",
          type: "draft_created",
          fromStatus: "pending",
          toStatus: "draft_ready",
          message: "Draft with 1 item, 800 g",
        },
        {
          actor: "worker:confirm",
          type: "confirmed",
          fromStatus: "draft_ready",
          toStatus: "confirmed",
          message: "Booked with JNE REG, waybill CGK2611230004",
        },
      ],
    },
    {
      row: {
        ...next(),
        ...destination,
        courierCompany: "sicepat",
        courierType: "reg",
        status: "picked",
        price: "28000",
        currency: "IDR",
        shippingOrderId: "seed-order-5",
        ...MAJU,
        waybillId: "SCP0000005",
        updatedAt: minutesAgo(90),
      },
      events: [
        {
          actor: "worker:sync-status",
          type: "synced",
          fromStatus: "confirmed",
          toStatus: "picked",
          message: "The courier picked the parcel up at Gudang Toko Maju",
        },
      ],
    },
    {
      row: {
        ...next(),
        ...destination,
        ...JNE,
        status: "dropping_off",
        price: "34000",
        currency: "IDR",
        shippingOrderId: "seed-order-6",
        ...SLEMAN,
        waybillId: "CGK2611230006",
        updatedAt: minutesAgo(150),
      },
      events: [
        {
          actor: "worker:sync-status",
          type: "synced",
          fromStatus: "picked",
          toStatus: "dropping_off",
          message: "Out for delivery in Sleman",
        },
      ],
    },
    {
      row: {
        ...next(),
        ...destination,
        ...JNE,
        status: "delivered",
        price: "34000",
        currency: "IDR",
        shippingOrderId: "seed-order-7",
        ...MAJU,
        waybillId: "CGK2611230007",
        updatedAt: minutesAgo(60 * 26),
      },
      events: [
        {
          actor: "worker:sync-status",
          type: "synced",
          fromStatus: "dropping_off",
          toStatus: "delivered",
          message: "Received by Siti",
        },
      ],
    },
    {
      row: {
        ...next(),
        status: "not_required",
        ...decided(said("localPickup")),
        updatedAt: minutesAgo(60 * 30),
      },
      events: [
        {
          actor: "webhook:orders/create",
          type: "not_required",
          toStatus: "not_required",
          message: "no shipment needed: local pickup",
        },
      ],
    },
    {
      row: {
        ...next(),
        ...destination,
        courierCompany: "gojek",
        courierType: "instant",
        status: "draft_placed",
        draftOrderId: "seed-draft-9",
        ...SLEMAN,
        updatedAt: minutesAgo(60 * 49),
      },
      events: [
        {
          actor: "worker:create-draft",
          type: "draft_created",
          fromStatus: "pending",
          toStatus: "draft_placed",
          message: "Draft made without a price: instant couriers need the pin-point location",
        },
      ],
    },
    {
      row: {
        ...next(),
        ...destination,
        ...JNE,
        status: "return_in_transit",
        price: "34000",
        currency: "IDR",
        shippingOrderId: "seed-order-10",
        ...MAJU,
        waybillId: "CGK2611230010",
        updatedAt: minutesAgo(60 * 72),
      },
      events: [
        {
          actor: "worker:sync-status",
          type: "synced",
          fromStatus: "on_hold",
          toStatus: "return_in_transit",
          message: "Recipient not found at the address; returning to the sender",
        },
      ],
    },
    {
      // Booked, but Shopify would not take the fulfillment (staff had fulfilled the order by hand).
      row: {
        ...next(),
        ...destination,
        ...JNE,
        ...SLEMAN,
        status: "confirmed",
        price: "34000",
        currency: "IDR",
        shippingOrderId: "seed-order-11",
        waybillId: "CGK2611230012",
        ...problemOf(
          "shopify",
          said("fulfillmentRefused", { reason: "The fulfillment order is closed" }),
        ),
        updatedAt: minutesAgo(60 * 3),
      },
      events: [
        {
          actor: "worker:confirm",
          type: "confirmed",
          fromStatus: "draft_ready",
          toStatus: "confirmed",
          message: "Booked with JNE REG, waybill CGK2611230012",
        },
        {
          actor: "worker:create-fulfillment",
          type: "fulfillment_refused",
          message: "Shopify refused the fulfillment: The fulfillment order is closed",
        },
      ],
    },
  ];
  // An order Shopify split between two warehouses: Jakarta's parcel booked, Surabaya's drafted but
  // held in Shopify (the stock is not there yet).
  const split = next();
  const splitAt = rows.length;
  rows.push(
    {
      row: {
        ...split,
        ...destination,
        ...JNE,
        part: 1,
        status: "confirmed",
        price: "34000",
        currency: "IDR",
        shippingOrderId: "seed-order-13",
        waybillId: "CGK2611230013",
        originLocationId: "seed-loc-jakarta",
        originName: "Gudang Jakarta",
        fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${split.orderId}1`,
        shopifyLocationId: "gid://shopify/Location/7101",
        shopifyLocationName: "Gudang Jakarta",
        updatedAt: minutesAgo(20),
      },
      events: [
        {
          actor: "worker:create-draft",
          type: "fulfillment_order",
          message:
            "Ships the items Shopify assigned to Gudang Jakarta (shipment 1 of 2: the order leaves from 2 locations)",
        },
        {
          actor: "worker:confirm",
          type: "confirmed",
          fromStatus: "draft_ready",
          toStatus: "confirmed",
          message: "Booked with JNE REG, waybill CGK2611230013",
        },
      ],
    },
    {
      row: {
        ...split,
        ...destination,
        ...JNE,
        part: 2,
        referenceId: `${split.referenceId}-p2`,
        status: "draft_ready",
        price: "52000",
        currency: "IDR",
        draftOrderId: "seed-draft-13b",
        originLocationId: "seed-loc-surabaya",
        originName: "Gudang Surabaya",
        fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${split.orderId}2`,
        shopifyLocationId: "gid://shopify/Location/7102",
        shopifyLocationName: "Gudang Surabaya",
        shopifyHold:
          "On hold in Shopify at Gudang Surabaya (Inventory out of stock: restock Friday)",
        updatedAt: minutesAgo(18),
      },
      events: [
        {
          actor: "worker:create-draft",
          type: "draft_created",
          fromStatus: "pending",
          toStatus: "draft_ready",
          message:
            "Draft made from Gudang Surabaya. On hold in Shopify at Gudang Surabaya (Inventory out of stock: restock Friday): not booked until the hold is released",
        },
      ],
    },
  );
  // An order shipped twice: attempt 1 cancelled by the merchant, attempt 2 on its way.
  const twice = next();
  rows.push(
    {
      row: {
        ...twice,
        ...destination,
        ...JNE,
        referenceId: `${twice.referenceId}-1`,
        attempt: 1,
        status: "cancelled",
        decision: "cancelled by the merchant: wrong size packed",
        price: "34000",
        currency: "IDR",
        shippingOrderId: "seed-order-11a",
        ...MAJU,
        updatedAt: minutesAgo(60 * 5),
      },
      events: [
        {
          actor: "merchant",
          type: "cancel_requested",
          message: "Cancel asked for from the shipment's page",
        },
        {
          actor: "worker:cancel",
          type: "cancelled",
          fromStatus: "confirmed",
          toStatus: "cancelled",
          message: "Cancelled at the shipping service",
        },
        {
          actor: "merchant",
          type: "shipped_again",
          fromStatus: "cancelled",
          toStatus: "cancelled",
          message: "Replaced by shipment attempt 2",
        },
      ],
    },
    {
      row: {
        ...twice,
        ...destination,
        ...JNE,
        referenceId: `${twice.referenceId}-2`,
        attempt: 2,
        status: "allocated",
        price: "34000",
        currency: "IDR",
        shippingOrderId: "seed-order-11b",
        ...SLEMAN,
        waybillId: "CGK2611230011",
        updatedAt: minutesAgo(60 * 4),
      },
      events: [
        {
          actor: "merchant",
          type: "recorded",
          toStatus: "pending",
          message: "Shipment attempt 2 of the order (after attempt 1 was cancelled)",
        },
        {
          actor: "worker:sync-status",
          type: "synced",
          fromStatus: "confirmed",
          toStatus: "allocated",
          message: "A JNE courier is assigned",
        },
      ],
    },
  );
  // The order shipped twice's second attempt is photographed with what the service says of it.
  const second = rows.at(-1)!.row;
  if (options.bookAtService)
    Object.assign(second, await options.bookAtService(second.referenceId, String(second.status)));
  const ids = await insertWithTimelines(db, shop, rows);
  return {
    ids,
    orderIdShippedTwice: twice.orderId,
    splitOrder: { name: split.orderName, ids: [ids[splitAt]!, ids[splitAt + 1]!] },
    count: rows.length,
  };
}

/**
 * Writes seeded shipments of a shop with their timelines, each event a minute after the one before
 * and the last at the shipment's `updatedAt`, as the app leaves them; the ids, in order.
 */
export async function insertWithTimelines(
  db: Db,
  shop: string,
  rows: readonly { row: Omit<Row, "shop">; events: readonly Event[] }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const { row, events } of rows) {
    const [inserted] = await db
      .insert(shipments)
      .values({ orderVerifiedAt: new Date(), ...row, shop, createdAt: row.updatedAt })
      .returning({ id: shipments.id });
    ids.push(inserted!.id);
    let at = (row.updatedAt as Date).getTime() - events.length * 60_000;
    for (const event of events) {
      at += 60_000;
      await db
        .insert(shipmentEvents)
        .values({ ...event, shipmentId: inserted!.id, shop, createdAt: new Date(at) });
    }
  }
  return ids;
}
