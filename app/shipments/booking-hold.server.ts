import { BOOKING_HOLD, BOOKING_HOLD_RELEASE } from "../admin-api/operations/fulfillment-orders";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { shipments, type Shipment } from "../db/schema";
import {
  bookingHoldReleaseVariables,
  bookingHoldVariables,
  parseBookingHold,
  parseBookingHoldRelease,
} from "./booking-hold";
import { ShopNotConnectedError, type AdminGraphql } from "../admin-api/request";
import { addShipmentEvent } from "./shipments.server";
import { said, type Said } from "../i18n/said";

/**
 * The "hold while booking" setting at work (app/shipments/booking-hold.ts): the fulfillment order is
 * held once the shipment's draft exists, and released before this app fulfills it or when the
 * merchant cancels the shipment. The hold is a safeguard, never a reason to stop: a refusal or an
 * unreachable Shopify is written on the timeline and the shipment goes on.
 */
interface Deps {
  db: Db;
  adminGraphql: AdminGraphql;
}

export async function placeBookingHold(
  deps: Deps,
  shipment: Shipment,
  actor: string,
): Promise<void> {
  if (!shipment.fulfillmentOrderId || shipment.appHoldId || shipment.shippingOrderId) return;
  let outcome: ReturnType<typeof parseBookingHold>;
  try {
    outcome = parseBookingHold(
      await deps.adminGraphql(
        shipment.shop,
        BOOKING_HOLD,
        bookingHoldVariables(shipment.fulfillmentOrderId),
      ),
    );
  } catch (error) {
    if (!(error instanceof ShopNotConnectedError)) throw error;
    await addShipmentEvent(deps.db, shipment, {
      actor,
      type: "held_while_booking",
      message: said("notHeldNoToken"),
    });
    return;
  }
  if ("refused" in outcome) {
    await addShipmentEvent(deps.db, shipment, {
      actor,
      type: "held_while_booking",
      message: said("notHeldWhileBooking", { reason: outcome.refused }),
    });
    return;
  }
  // Only this column: nothing else decides on it, and the row the caller holds stays current.
  const [held] = await deps.db
    .update(shipments)
    .set({ appHoldId: outcome.holdId })
    .where(and(eq(shipments.id, shipment.id), eq(shipments.shop, shipment.shop)))
    .returning();
  if (held)
    await addShipmentEvent(deps.db, held, {
      actor,
      type: "held_while_booking",
      message: said("heldWhileBooking", {
        location: shipment.shopifyLocationName ?? said("itsLocation"),
      }),
      data: { holdId: outcome.holdId },
    });
}

export async function releaseBookingHold(
  deps: Deps,
  shipment: Shipment,
  actor: string,
  why: Said,
): Promise<void> {
  const holdId = shipment.appHoldId;
  if (!holdId || !shipment.fulfillmentOrderId) return;
  let refused: string | null;
  try {
    refused = parseBookingHoldRelease(
      await deps.adminGraphql(
        shipment.shop,
        BOOKING_HOLD_RELEASE,
        bookingHoldReleaseVariables(shipment.fulfillmentOrderId, holdId),
      ),
    );
  } catch (error) {
    if (!(error instanceof ShopNotConnectedError)) throw error;
    await addShipmentEvent(deps.db, shipment, {
      actor,
      type: "booking_hold_released",
      message: said("holdNotReleasedNoToken"),
    });
    return;
  }
  const [released] = await deps.db
    .update(shipments)
    .set({ appHoldId: null })
    .where(and(eq(shipments.id, shipment.id), eq(shipments.appHoldId, holdId)))
    .returning();
  if (released)
    await addShipmentEvent(deps.db, released, {
      actor,
      type: "booking_hold_released",
      message: refused
        ? said("holdAlreadyGone", { why, detail: refused })
        : said("holdReleased", { why }),
      data: { holdId },
    });
}
