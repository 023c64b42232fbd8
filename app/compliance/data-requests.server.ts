import { and, asc, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { shipments, webhookInbox } from "../db/schema";
import { csvCell } from "../shipments/cod-report.server";
import type { TFunction } from "i18next";

/**
 * A customer's request for their data (Shopify's `customers/data_request`, recorded in the inbox
 * with the customer's id and the orders named): Shopify expects the shop to give the customer the
 * data it holds within 30 days. The app holds a recipient's name, phone, e-mail and address on
 * each shipment, with its courier, waybill and status: the settings page lists the requests of
 * the last 30 days with that data to download and send (nothing is sent to anyone by the app).
 */
export const DATA_REQUEST_DAYS = 30;
const TOPIC = "customers/data_request";

export interface DataRequest {
  id: number;
  receivedAt: Date;
  /** The day Shopify expects the data by: 30 days after the request. */
  dueAt: Date;
  ordersRequested: string[];
  /** The shipments of the customer's the app holds. */
  shipments: number;
}

interface Recorded {
  customerId?: string | null;
  ordersRequested?: string[];
}

/** The shop's requests of the last 30 days, newest first. */
export async function openDataRequests(
  db: Queryable,
  shop: string,
  now = new Date(),
): Promise<DataRequest[]> {
  const rows = await db
    .select({
      id: webhookInbox.id,
      receivedAt: webhookInbox.receivedAt,
      payload: webhookInbox.payload,
    })
    .from(webhookInbox)
    .where(
      and(
        eq(webhookInbox.shop, shop),
        eq(webhookInbox.topic, TOPIC),
        gte(webhookInbox.receivedAt, new Date(now.getTime() - DATA_REQUEST_DAYS * 86_400_000)),
      ),
    )
    .orderBy(desc(webhookInbox.receivedAt))
    .limit(20);
  const requests: DataRequest[] = [];
  for (const row of rows) {
    const recorded = (row.payload ?? {}) as Recorded;
    requests.push({
      id: row.id,
      receivedAt: row.receivedAt,
      dueAt: new Date(row.receivedAt.getTime() + DATA_REQUEST_DAYS * 86_400_000),
      ordersRequested: recorded.ordersRequested ?? [],
      shipments: (await customerShipments(db, shop, recorded)).length,
    });
  }
  return requests;
}

/** The customer's shipments: those of the orders named, and any other of the customer's. */
function customerShipments(db: Queryable, shop: string, recorded: Recorded) {
  const matches = [];
  if (recorded.customerId) matches.push(eq(shipments.customerId, recorded.customerId));
  if (recorded.ordersRequested?.length)
    matches.push(inArray(shipments.orderId, recorded.ordersRequested));
  if (matches.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderName: shipments.orderName,
      orderId: shipments.orderId,
      createdAt: shipments.createdAt,
      status: shipments.status,
      name: shipments.destinationName,
      phone: shipments.destinationPhone,
      email: shipments.destinationEmail,
      address: shipments.destinationAddress,
      city: shipments.destinationCity,
      postalCode: shipments.destinationPostalCode,
      courier: sql<
        string | null
      >`nullif(concat_ws(' ', ${shipments.courierCompany}, ${shipments.courierType}), '')`,
      waybill: shipments.waybillId,
    })
    .from(shipments)
    .where(and(eq(shipments.shop, shop), or(...matches)))
    .orderBy(asc(shipments.createdAt))
    .limit(5_000);
}

/** The data of one of the shop's requests as CSV in the reader's words; null when it is not the shop's. */
export async function dataRequestCsv(
  db: Queryable,
  shop: string,
  id: number,
  t: TFunction,
): Promise<string | null> {
  const [request] = await db
    .select({ payload: webhookInbox.payload })
    .from(webhookInbox)
    .where(
      and(eq(webhookInbox.id, id), eq(webhookInbox.shop, shop), eq(webhookInbox.topic, TOPIC)),
    );
  if (!request) return null;
  const rows = await customerShipments(db, shop, (request.payload ?? {}) as Recorded);
  const header: string[] = (
    [
      "order",
      "created",
      "status",
      "name",
      "phone",
      "email",
      "address",
      "city",
      "postalCode",
      "courier",
      "waybill",
    ] as const
  ).map((column) => t(`dataRequests.csv.${column}`));
  const lines: string[][] = [
    header,
    ...rows.map((r) => [
      r.orderName ?? r.orderId,
      r.createdAt.toISOString(),
      t(`status.${r.status}` as "status.pending"),
      r.name ?? "",
      r.phone ?? "",
      r.email ?? "",
      r.address ?? "",
      r.city ?? "",
      r.postalCode ?? "",
      r.courier ?? "",
      r.waybill ?? "",
    ]),
  ];
  return `${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
