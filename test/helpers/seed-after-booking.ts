import { PICKUP_SENDER } from "../fixtures/labels.ts";
import type { Db } from "#app/db/client.server.ts";
import type { shipmentEvents, shipments } from "#app/db/schema.ts";
import { troubleProblem } from "#app/shipments/trouble.ts";
import { reweighProblem, reweighSaid } from "#app/costs/reweigh.ts";
import { inEnglish } from "#app/i18n/said.ts";
import { stuckProblem, usualTime } from "#app/couriers/stuck.ts";
import { insertWithTimelines } from "./seed-shipments.ts";

type Row = Omit<typeof shipments.$inferInsert, "shop">;
type Event = Omit<typeof shipmentEvents.$inferInsert, "shipmentId" | "shop">;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const daysAgo = (d: number) => hoursAgo(d * 24);

/**
 * A cash-on-delivery shop's week after the bookings, as the worker leaves its rows (the problems
 * are the app's own words, made by the same functions): COD parcels delivered to JNE and SiCepat
 * customers over two weeks and marked paid, one parcel held after a failed attempt, one that came
 * back and was restocked and cancelled, one on its way back. Written straight to the database for
 * the pages to be read (and photographed) as a merchant sees them.
 */
export async function seedAfterBooking(db: Db, shop: string, firstOrderId = 990_000) {
  let n = 0;
  const cod = (amount: number, codType = "7_days") => ({
    items: [
      { name: "Batik Shirt - M / Blue", sku: "BTK-M-BL", quantity: 1, value: amount - 15000 },
    ],
    ordered: [],
    cod: amount,
    codType,
    insurance: null,
  });
  const base = (over: Partial<Row>): Row => {
    n += 1;
    return {
      orderId: String(firstOrderId + n),
      orderName: `#${3000 + n}`,
      referenceId: `after-${firstOrderId + n}`,
      destinationName: "Rahmat Hidayat",
      destinationPhone: "+6282166778899",
      destinationCity: "Medan",
      courierCompany: "jne",
      courierType: "reg",
      waybillId: `CGK${7_000_000_000 + firstOrderId + n}`,
      price: "30000",
      currency: "IDR",
      originName: "Gudang Toko Maju",
      orderVerifiedAt: new Date(),
      fulfillmentIds: [`gid://shopify/Fulfillment/${firstOrderId + n}`],
      // What the service's booked order said, for the label.
      label: {
        sender: PICKUP_SENDER,
        receiver: {
          name: "Rahmat Hidayat",
          phone: "6282166778899",
          address: "Jl. Gatot Subroto No. 217, Sei Sikambing B, samping Indomaret",
          district: "Medan Sunggal",
          city: "Medan",
          province: "Sumatera Utara",
          postalCode: "20122",
        },
        shipper: null,
        routingCode: "KNO20122",
        items: [{ name: "Batik Shirt - M / Blue", quantity: 1, grams: 300 }],
        cod: (over.contents as { cod?: number } | undefined)?.cod ?? null,
        currency: "IDR",
      },
      ...over,
    };
  };
  const delivered = (days: number, amount: number, courier: string, codType?: string): Row =>
    base({
      status: "delivered",
      courierCompany: courier,
      contents: cod(amount, codType),
      deliveredAt: daysAgo(days),
      codSettlement: "marked_paid",
      codSettledAt: daysAgo(days),
      updatedAt: daysAgo(days),
    });
  const heldNote = "Gagal kirim: penerima tidak di tempat (MEDAN). Pengiriman ulang dijadwalkan";
  const held = base({
    status: "on_hold",
    contents: cod(404000),
    updatedAt: hoursAgo(2),
    ...troubleProblem({
      status: "on_hold",
      note: heldNote,
      destinationName: "Rahmat Hidayat",
      destinationPhone: "+6282166778899",
      cod: 404000,
      currency: "IDR",
    })!,
  });
  const returned = base({
    status: "returned",
    orderName: "#3100",
    contents: cod(254000),
    returnedAt: hoursAgo(5),
    shopifyReturnId: "gid://shopify/Return/77",
    returnRestockedAt: hoursAgo(5),
    returnOutcome: "cancelled",
    updatedAt: hoursAgo(5),
  });
  const comingBack = base({
    status: "return_in_transit",
    courierCompany: "sicepat",
    contents: cod(185000),
    updatedAt: hoursAgo(8),
  });
  const rows: { row: Row; events: Event[] }[] = [
    { row: delivered(1, 404000, "jne", "3_days"), events: [] },
    { row: delivered(2, 254000, "jne"), events: [] },
    { row: delivered(2, 99000, "sicepat", "5_days"), events: [] },
    { row: delivered(9, 385000, "jne"), events: [] },
    { row: delivered(12, 150000, "sicepat", "5_days"), events: [] },
    {
      row: held,
      events: [
        {
          actor: "worker:sync-status",
          type: "synced",
          fromStatus: "confirmed",
          toStatus: "picked",
          message: null,
        },
        {
          actor: "worker:sync-status",
          type: "synced",
          fromStatus: "picked",
          toStatus: "dropping_off",
          message: null,
        },
        {
          actor: "worker:sync-status",
          type: "delivery_trouble",
          fromStatus: "dropping_off",
          toStatus: "on_hold",
          message: held.problem as string,
        },
      ],
    },
    {
      row: returned,
      events: [
        {
          actor: "worker:sync-status",
          type: "delivery_trouble",
          fromStatus: "dropping_off",
          toStatus: "on_hold",
          message: `The courier could not deliver the parcel: "${heldNote}"`,
        },
        {
          actor: "worker:sync-status",
          type: "synced",
          fromStatus: "on_hold",
          toStatus: "return_in_transit",
          message: null,
        },
        {
          actor: "worker:sync-status",
          type: "synced",
          fromStatus: "return_in_transit",
          toStatus: "returned",
          message: null,
        },
        {
          actor: "worker:process-return",
          type: "return_recorded",
          fromStatus: "returned",
          toStatus: "returned",
          message: "Return recorded in Shopify: 1 item",
        },
        {
          actor: "worker:process-return",
          type: "restocked",
          fromStatus: "returned",
          toStatus: "returned",
          message: "Restocked in Shopify: 1 item back at Shop location",
        },
        {
          actor: "worker:process-return",
          type: "order_closed",
          fromStatus: "returned",
          toStatus: "returned",
          message:
            "Order cancelled in Shopify with nothing owed (cash on delivery of Rp254.000 not collected)",
        },
      ],
    },
    { row: comingBack, events: [] },
  ];
  const ids = await insertWithTimelines(db, shop, rows);
  return { deliveredId: ids[0]!, heldId: ids[5]!, returnedId: ids[6]! };
}

/**
 * A prepaid parcel the courier re-weighed (quoted Rp19.000, charged Rp38.000 for the second
 * kilogram, above the default Rp5.000 threshold) and delivered, as sync-status leaves it, with the
 * problem and the timeline entry made by the app's own functions. The costs page lists it.
 */
export async function seedReweighed(db: Db, shop: string, orderId = 995_001) {
  const cost = { quoted: 19000, final: 38000, returnFee: null, codFee: null, insuranceFee: null };
  const declaredGrams = 900;
  const problem = reweighProblem(cost, declaredGrams, 5_000)!;
  const [id] = await insertWithTimelines(db, shop, [
    {
      row: {
        orderId: String(orderId),
        orderName: "#3101",
        referenceId: `reweighed-${orderId}`,
        status: "delivered",
        destinationName: "Dewi Lestari",
        destinationPhone: "+6281390001122",
        destinationCity: "Semarang",
        courierCompany: "jne",
        courierType: "reg",
        waybillId: `CGK${8_000_000_000 + orderId}`,
        quotedPrice: "19000",
        price: "38000",
        shippingCharged: "22000",
        currency: "IDR",
        originName: "Gudang Toko Maju",
        contents: {
          items: [
            {
              name: "Kemeja Batik Parang - L",
              sku: "BTK-L",
              quantity: 1,
              value: 185000,
              weight: 650,
            },
            { name: "Kopi Gayo 250g", sku: "KG-250", quantity: 1, value: 85000, weight: 250 },
          ],
          ordered: [],
          cod: null,
          insurance: null,
        },
        deliveredAt: hoursAgo(3),
        updatedAt: hoursAgo(3),
        ...problem,
      },
      events: [
        {
          actor: "worker:sync-status",
          type: "reweighed",
          fromStatus: "picked",
          toStatus: "picked",
          message: inEnglish([reweighSaid(cost, declaredGrams)]),
          said: [reweighSaid(cost, declaredGrams)],
        },
      ],
    },
  ]);
  return id!;
}

/**
 * A parcel that stopped moving (as find-stuck leaves it): picked up in Jakarta, sent on from the
 * origin's hub four days ago, no scan since, past the three days its service estimates.
 */
export async function seedStuck(db: Db, shop: string, orderId = 995_101) {
  const problem = stuckProblem(4 * 24 * 3_600_000, usualTime(undefined, 3 * 24 * 3_600_000), null);
  const [id] = await insertWithTimelines(db, shop, [
    {
      row: {
        orderId: String(orderId),
        orderName: "#3102",
        referenceId: `stuck-${orderId}`,
        status: "dropping_off",
        destinationName: "Rina Marlina",
        destinationPhone: "+6281377002233",
        destinationCity: "Makassar",
        courierCompany: "jne",
        courierType: "reg",
        waybillId: `CGK${8_000_000_000 + orderId}`,
        quotedPrice: "28000",
        price: "28000",
        currency: "IDR",
        originName: "Gudang Toko Maju",
        laneProvince: "Sulawesi Selatan",
        laneCity: "Kota Makassar",
        pickedUpAt: hoursAgo(100),
        updatedAt: hoursAgo(1),
        ...problem,
      },
      events: [
        {
          actor: "worker:sync-status",
          type: "stuck",
          fromStatus: "dropping_off",
          toStatus: "dropping_off",
          message: problem.problem,
          said: problem.problemSaid,
        },
      ],
    },
  ]);
  return id!;
}
