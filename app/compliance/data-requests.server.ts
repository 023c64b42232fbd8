import { and, asc, desc, eq, gte, inArray, or } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { shipments, webhookInbox } from "../db/schema";
import { csvLine } from "../platform/csv-cell";
import { serviceName } from "../shipments/courier-names";
import { dayOf, orderTitle, statusLabel, type Speech } from "../shipments/status-words";
import type { CourierNames } from "../shipments/courier-names";

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
      shipments: await countCustomerShipments(db, shop, recorded),
    });
  }
  return requests;
}

/** The customer's shipments: those of the orders named, and any other of the customer's. */
function ofCustomer(shop: string, recorded: Recorded) {
  const matches = [];
  if (recorded.customerId) matches.push(eq(shipments.customerId, recorded.customerId));
  if (recorded.ordersRequested?.length)
    matches.push(inArray(shipments.orderId, recorded.ordersRequested));
  return matches.length === 0 ? null : and(eq(shipments.shop, shop), or(...matches));
}

async function countCustomerShipments(db: Queryable, shop: string, recorded: Recorded) {
  const where = ofCustomer(shop, recorded);
  return where ? db.$count(shipments, where) : 0;
}

function customerShipments(db: Queryable, shop: string, recorded: Recorded) {
  const where = ofCustomer(shop, recorded);
  if (!where) return Promise.resolve([]);
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
      courierCompany: shipments.courierCompany,
      courierType: shipments.courierType,
      waybill: shipments.waybillId,
    })
    .from(shipments)
    .where(where)
    .orderBy(asc(shipments.createdAt))
    .limit(5_000);
}

/**
 * The data of one of the shop's requests as CSV in the reader's words (days in the shop's zone,
 * couriers by name, statuses in words); null when it is not the shop's.
 */
export async function dataRequestCsv(
  db: Queryable,
  shop: string,
  id: number,
  speech: Speech & { timeZone: string; couriers: CourierNames },
): Promise<string | null> {
  const { t } = speech;
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
      orderTitle(r, t),
      dayOf(r.createdAt, speech),
      statusLabel(r.status, t),
      r.name ?? "",
      r.phone ?? "",
      r.email ?? "",
      r.address ?? "",
      r.city ?? "",
      r.postalCode ?? "",
      r.courierCompany ? serviceName(speech.couriers, r.courierCompany, r.courierType) : "",
      r.waybill ?? "",
    ]),
  ];
  return lines.map(csvLine).join("");
}
