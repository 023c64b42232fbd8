import type { Db } from "#app/db/client.server.ts";
import { shipmentEvents, shipments } from "#app/db/schema.ts";

type Row = typeof shipments.$inferInsert;
type Event = Omit<typeof shipmentEvents.$inferInsert, "shipmentId" | "shop">;

const JNE = { courierCompany: "jne", courierType: "reg" };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/**
 * A shop's list as a merchant has it after a busy week: a dozen shipments in different states,
 * with a problem, one waiting for payment, one not to be shipped, and an order shipped twice
 * (attempt 1 cancelled, attempt 2 on its way). Written straight to the database, with the
 * timelines the app writes, for the pages to be read (and photographed) as merchants see them.
 */
export async function seedBusyShop(db: Db, shop: string, firstOrderId = 880_000) {
  const destination = { destinationName: "Siti Rahayu", destinationAddress: "Jl. Kaliurang Km 5 No. 12, Sleman", destinationCity: "Sleman", destinationPostalCode: "55281" };
  let n = 0;
  const next = () => {
    n += 1;
    return { orderId: String(firstOrderId + n), orderName: `#${2000 + n}`, referenceId: `seed-${firstOrderId + n}` };
  };
  const rows: { row: Omit<Row, "shop">; events: Event[] }[] = [
    {
      row: { ...next(), ...destination, ...JNE, status: "draft_ready", price: "34000", currency: "IDR", draftOrderId: "seed-draft-1", updatedAt: minutesAgo(5) },
      events: [
        { actor: "webhook:orders/paid", type: "recorded", toStatus: "pending", message: "Order received paid (Transfer Bank BCA)" },
        { actor: "worker:create-draft", type: "draft_created", fromStatus: "pending", toStatus: "draft_ready", message: "Draft with 2 items, 1,200 g, from the checkout's rate \"JNE Reguler\" (JNE REG)" },
      ],
    },
    {
      row: { ...next(), ...destination, status: "pending", problem: "No phone number for the recipient (shipping address, customer or order). Add a phone number to the order's shipping address in Shopify.", problems: [{ code: "no_destination_phone" }], updatedAt: minutesAgo(12) },
      events: [
        { actor: "webhook:orders/create", type: "recorded", toStatus: "pending", message: "Order received" },
        { actor: "worker:create-draft", type: "problem", message: "No phone number for the recipient (shipping address, customer or order). Add a phone number to the order's shipping address in Shopify." },
      ],
    },
    {
      row: { ...next(), ...destination, ...JNE, status: "draft_ready", price: "41000", currency: "IDR", awaitingPayment: true, decision: "waiting for payment: bank transfer pending", draftOrderId: "seed-draft-3", updatedAt: minutesAgo(30) },
      events: [
        { actor: "webhook:orders/create", type: "recorded", toStatus: "pending", message: "Order received, payment pending (Bank Transfer)" },
        { actor: "worker:create-draft", type: "draft_created", fromStatus: "pending", toStatus: "draft_ready", message: "Draft made; booking waits for the payment" },
      ],
    },
    {
      row: { ...next(), ...destination, ...JNE, status: "confirmed", price: "34000", currency: "IDR", shippingOrderId: "seed-order-4", waybillId: "CGK2611230004", trackingUrl: "https://track.example/CGK2611230004", updatedAt: minutesAgo(45) },
      events: [
        { actor: "webhook:orders/paid", type: "recorded", toStatus: "pending", message: "Order received paid (QRIS)" },
        { actor: "worker:create-draft", type: "draft_created", fromStatus: "pending", toStatus: "draft_ready", message: "Draft with 1 item, 800 g" },
        { actor: "worker:confirm", type: "confirmed", fromStatus: "draft_ready", toStatus: "confirmed", message: "Booked with JNE REG, waybill CGK2611230004" },
      ],
    },
    {
      row: { ...next(), ...destination, courierCompany: "sicepat", courierType: "reg", status: "picked", price: "28000", currency: "IDR", shippingOrderId: "seed-order-5", waybillId: "SCP0000005", updatedAt: minutesAgo(90) },
      events: [{ actor: "worker:sync-status", type: "synced", fromStatus: "confirmed", toStatus: "picked", message: "The courier picked the parcel up at Gudang Toko Maju" }],
    },
    {
      row: { ...next(), ...destination, ...JNE, status: "dropping_off", price: "34000", currency: "IDR", shippingOrderId: "seed-order-6", waybillId: "CGK2611230006", updatedAt: minutesAgo(150) },
      events: [{ actor: "worker:sync-status", type: "synced", fromStatus: "picked", toStatus: "dropping_off", message: "Out for delivery in Sleman" }],
    },
    {
      row: { ...next(), ...destination, ...JNE, status: "delivered", price: "34000", currency: "IDR", shippingOrderId: "seed-order-7", waybillId: "CGK2611230007", updatedAt: minutesAgo(60 * 26) },
      events: [{ actor: "worker:sync-status", type: "synced", fromStatus: "dropping_off", toStatus: "delivered", message: "Received by Siti" }],
    },
    {
      row: { ...next(), status: "not_required", decision: "no shipment needed: local pickup", updatedAt: minutesAgo(60 * 30) },
      events: [{ actor: "webhook:orders/create", type: "not_required", toStatus: "not_required", message: "no shipment needed: local pickup" }],
    },
    {
      row: { ...next(), ...destination, courierCompany: "gojek", courierType: "instant", status: "draft_placed", draftOrderId: "seed-draft-9", updatedAt: minutesAgo(60 * 49) },
      events: [{ actor: "worker:create-draft", type: "draft_created", fromStatus: "pending", toStatus: "draft_placed", message: "Draft made without a price: instant couriers need the pin-point location" }],
    },
    {
      row: { ...next(), ...destination, ...JNE, status: "return_in_transit", price: "34000", currency: "IDR", shippingOrderId: "seed-order-10", waybillId: "CGK2611230010", updatedAt: minutesAgo(60 * 72) },
      events: [{ actor: "worker:sync-status", type: "synced", fromStatus: "on_hold", toStatus: "return_in_transit", message: "Recipient not found at the address; returning to the sender" }],
    },
  ];
  // An order shipped twice: attempt 1 cancelled by the merchant, attempt 2 on its way.
  const twice = next();
  rows.push(
    {
      row: { ...twice, ...destination, ...JNE, referenceId: `${twice.referenceId}-1`, attempt: 1, status: "cancelled", decision: "cancelled by the merchant: wrong size packed", price: "34000", currency: "IDR", shippingOrderId: "seed-order-11a", updatedAt: minutesAgo(60 * 5) },
      events: [
        { actor: "merchant", type: "cancel_requested", message: "Cancel asked for from the shipment's page" },
        { actor: "worker:cancel", type: "cancelled", fromStatus: "confirmed", toStatus: "cancelled", message: "Cancelled at the shipping service" },
        { actor: "merchant", type: "shipped_again", fromStatus: "cancelled", toStatus: "cancelled", message: "Replaced by shipment attempt 2" },
      ],
    },
    {
      row: { ...twice, ...destination, ...JNE, referenceId: `${twice.referenceId}-2`, attempt: 2, status: "allocated", price: "34000", currency: "IDR", shippingOrderId: "seed-order-11b", waybillId: "CGK2611230011", updatedAt: minutesAgo(60 * 4) },
      events: [
        { actor: "merchant", type: "recorded", toStatus: "pending", message: "Shipment attempt 2 of the order (after attempt 1 was cancelled)" },
        { actor: "worker:sync-status", type: "synced", fromStatus: "confirmed", toStatus: "allocated", message: "A JNE courier is assigned" },
      ],
    },
  );
  const ids: string[] = [];
  for (const { row, events } of rows) {
    const [inserted] = await db.insert(shipments).values({ ...row, shop, orderVerifiedAt: new Date(), createdAt: row.updatedAt }).returning({ id: shipments.id });
    ids.push(inserted!.id);
    let at = (row.updatedAt as Date).getTime() - events.length * 60_000;
    for (const event of events) {
      at += 60_000;
      await db.insert(shipmentEvents).values({ ...event, shipmentId: inserted!.id, shop, createdAt: new Date(at) });
    }
  }
  return { ids, orderIdShippedTwice: twice.orderId, count: rows.length };
}
