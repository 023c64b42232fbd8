import { joinedSaid, said, type Said } from "#app/i18n/said.ts";
import type { Job } from "bullmq";
import { and, asc, eq } from "drizzle-orm";
import {
  FULFILLMENT_EVENT_CREATE,
  FULFILLMENT_EVENTS_QUERY,
} from "#app/admin-api/operations/fulfillments.ts";
import { deniedScopes } from "#app/admin-api/access-scopes.ts";
import { AdminGraphqlError, adminRequest, userErrorText } from "#app/admin-api/request.ts";
import { fulfillmentEvents, type FulfillmentEventRow } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import {
  decide,
  eventCity,
  type FulfillmentEventStatus,
  type SentSoFar,
} from "#app/shipments/fulfillment-events.ts";
import { addShipmentEvent, getShipment } from "#app/shipments/shipments.server.ts";
import { whenConnected, type ShopifyOrderDeps } from "../shared/shopify-connection.ts";

/**
 * fulfillment-events: the courier's progress (the service's tracking history, recorded entry by
 * entry by sync-status in `fulfillment_events`) told to Shopify as fulfillment events on the
 * shipment's fulfillment (app/shipments/fulfillment-events.ts maps the statuses): each entry once,
 * in the order the entries happened. Entries recorded before the fulfillment exists (a late
 * waybill) wait, and are sent when create-fulfillment has made it and queued this job.
 *
 * Once: an entry is claimed (`sending`) before Shopify is asked and marked `sent` with Shopify's
 * event id after; an entry left `sending` by a run that died is looked up among the fulfillment's
 * events at Shopify before anything else, and sent again only if Shopify does not have it.
 */
export async function processFulfillmentEvents(job: Job, deps: ShopifyOrderDeps): Promise<string> {
  const { shop, shipmentId } = shipmentJobs.fulfillmentEvents.payload.parse(job.data);
  return whenConnected(deps, shop, shipmentId, () => sendEvents(deps, shop, shipmentId));
}

const ACTOR = "worker:fulfillment-events";

/** Events of a parcel still on its way to the customer: they carry the courier's estimate. */
const ON_THE_WAY: ReadonlySet<FulfillmentEventStatus> = new Set([
  "CONFIRMED",
  "CARRIER_PICKED_UP",
  "IN_TRANSIT",
  "OUT_FOR_DELIVERY",
  "ATTEMPTED_DELIVERY",
  "DELAYED",
]);

async function sendEvents(deps: ShopifyOrderDeps, shop: string, shipmentId: string) {
  const { db } = deps;
  const shipment = await getShipment(db, shop, shipmentId);
  if (!shipment) return "no shipment";
  const fulfillmentId = (shipment.fulfillmentIds as string[])[0];
  if (!fulfillmentId) return "no fulfillment yet";
  const rows = await db
    .select()
    .from(fulfillmentEvents)
    .where(eq(fulfillmentEvents.shipmentId, shipmentId))
    .orderBy(asc(fulfillmentEvents.happenedAt), asc(fulfillmentEvents.id));
  if (rows.some((r) => r.state === "sending")) await settleInterrupted(deps, shop, rows);

  let sent = sentSoFar(rows);
  let count = 0;
  const refusals: Said[] = [];
  for (const row of rows) {
    if (row.state !== "pending") continue;
    const decision = decide(row, sent);
    if (!decision.send) {
      await mark(deps, row.id, "pending", { state: "skipped", reason: decision.reason });
      continue;
    }
    const status = row.shopifyStatus as FulfillmentEventStatus;
    if (!(await mark(deps, row.id, "pending", { state: "sending", fulfillmentId }))) continue;
    const city = eventCity(status, shipment.destinationCity);
    let answer;
    try {
      ({ fulfillmentEventCreate: answer } = await adminRequest(
        deps.adminGraphql,
        shop,
        FULFILLMENT_EVENT_CREATE,
        {
          fulfillmentEvent: {
            fulfillmentId,
            status,
            happenedAt: row.happenedAt.toISOString(),
            ...(row.note ? { message: row.note } : {}),
            ...(city ? { city } : {}),
            // The courier's estimate, while the parcel is still on its way to the customer.
            ...(shipment.estimatedDeliveryAt && ON_THE_WAY.has(status)
              ? { estimatedDeliveryAt: shipment.estimatedDeliveryAt.toISOString() }
              : {}),
          },
        },
      ));
    } catch (error) {
      // A throttle or the network: the job's retry settles this entry first (it stays `sending`).
      if (!(error instanceof AdminGraphqlError) || error.throttled) throw error;
      // Refused as a whole (a permission the shop has not granted): the entries wait. They go
      // out when the grant arrives (app/shops/access-grant.server.ts) or with the next update.
      await mark(deps, row.id, "sending", { state: "pending" });
      const scopes = deniedScopes(error.deniedFields);
      await addShipmentEvent(db, shipment, {
        actor: ACTOR,
        type: "fulfillment_event_refused",
        message:
          scopes.length > 0
            ? said("progressNeedsApproval", { scopes: scopes.join(", ") })
            : said("progressNotTaken", { detail: error.detail }),
      });
      return `refused: ${error.detail}`;
    }
    if (answer?.fulfillmentEvent) {
      await mark(deps, row.id, "sending", {
        state: "sent",
        shopifyEventId: answer.fulfillmentEvent.id,
        sentAt: new Date(),
      });
      sent = { latestHappenedAt: row.happenedAt, delivered: status === "DELIVERED" };
      count += 1;
    } else {
      const detail = userErrorText(answer?.userErrors ?? []);
      const reason = `Shopify refused: ${detail || "no event was made"}`;
      await mark(deps, row.id, "sending", { state: "skipped", reason });
      refusals.push(
        said("progressRefusedOne", {
          status: { status: row.serviceStatus },
          reason: detail || said("noEventMade"),
        }),
      );
    }
  }
  if (refusals.length > 0)
    await addShipmentEvent(db, shipment, {
      actor: ACTOR,
      type: "fulfillment_event_refused",
      message: said("progressRefused", { refusals: joinedSaid(refusals) }),
    });
  return `${count} sent${refusals.length ? `, ${refusals.length} refused` : ""}`;
}

/** The latest event sent, and whether it was the delivery (entries are in the order they happened). */
function sentSoFar(rows: readonly FulfillmentEventRow[]): SentSoFar {
  const last = rows.filter((r) => r.state === "sent").at(-1);
  return {
    latestHappenedAt: last?.happenedAt ?? null,
    delivered: rows.some((r) => r.state === "sent" && r.shopifyStatus === "DELIVERED"),
  };
}

/** Moves a row from one state to another; false when another run moved it first. */
async function mark(
  deps: ShopifyOrderDeps,
  id: number,
  from: FulfillmentEventRow["state"],
  patch: Partial<typeof fulfillmentEvents.$inferInsert>,
): Promise<boolean> {
  const moved = await deps.db
    .update(fulfillmentEvents)
    .set(patch)
    .where(and(eq(fulfillmentEvents.id, id), eq(fulfillmentEvents.state, from)))
    .returning({ id: fulfillmentEvents.id });
  return moved.length > 0;
}

/**
 * Entries claimed by a run that died before it heard Shopify's answer: sent if Shopify has an
 * event of that status at that time on the fulfillment, else claimable again. `rows` is updated.
 */
async function settleInterrupted(
  deps: ShopifyOrderDeps,
  shop: string,
  rows: FulfillmentEventRow[],
): Promise<void> {
  for (const fulfillmentId of new Set(
    rows.filter((r) => r.state === "sending").map((r) => r.fulfillmentId!),
  )) {
    const { fulfillment } = await adminRequest(deps.adminGraphql, shop, FULFILLMENT_EVENTS_QUERY, {
      id: fulfillmentId,
    });
    const known = fulfillment?.events.nodes ?? [];
    for (const row of rows) {
      if (row.state !== "sending" || row.fulfillmentId !== fulfillmentId) continue;
      const match = known.find(
        (e) =>
          e.status === row.shopifyStatus &&
          e.happenedAt !== null &&
          e.happenedAt !== undefined &&
          new Date(e.happenedAt).getTime() === row.happenedAt.getTime(),
      );
      const next = match
        ? { state: "sent" as const, shopifyEventId: match.id, sentAt: new Date() }
        : { state: "pending" as const };
      if (await mark(deps, row.id, "sending", next)) Object.assign(row, next);
    }
  }
}
