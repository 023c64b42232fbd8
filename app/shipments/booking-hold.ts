import { BOOKING_HOLD, BOOKING_HOLD_RELEASE } from "../admin-api/operations/fulfillment-orders";
import { adminAnswer, userErrorText, type AdminVariables } from "../admin-api/request";

/**
 * The hold this app may place on a fulfillment order while its shipment is being booked (the "hold
 * while booking" setting): Shopify then refuses a fulfillment by hand, so staff cannot ship the
 * items a second time with another courier. The app releases it right before it fulfills the order
 * with the booking's tracking, or when the merchant cancels the shipment. Holds of this app are
 * recognised by `heldByRequestingApp` and never stop its own booking (fulfillment-orders.ts,
 * foreignHold).
 */

/** The handle of this app's hold: one per fulfillment order (Shopify allows an app several, by handle). */
export const BOOKING_HOLD_HANDLE = "parcelbridge-booking";

export const bookingHoldVariables = (
  fulfillmentOrderId: string,
): AdminVariables<typeof BOOKING_HOLD> => ({
  id: fulfillmentOrderId,
  fulfillmentHold: {
    reason: "OTHER",
    reasonNotes:
      "Being booked with the shipping service by ParcelBridge; released when it fulfills the order with the tracking, or when the shipment is cancelled",
    handle: BOOKING_HOLD_HANDLE,
    notifyMerchant: false,
  },
});

export const bookingHoldReleaseVariables = (
  fulfillmentOrderId: string,
  holdId: string,
): AdminVariables<typeof BOOKING_HOLD_RELEASE> => ({
  id: fulfillmentOrderId,
  holdIds: [holdId],
});

/** The hold's id, or why Shopify refused it (a fulfillment order that cannot be held, the limit of holds). */
export function parseBookingHold(body: unknown): { holdId: string } | { refused: string } {
  const answer = adminAnswer(BOOKING_HOLD, body).fulfillmentOrderHold;
  if (answer?.fulfillmentHold) return { holdId: answer.fulfillmentHold.id };
  return { refused: userErrorText(answer?.userErrors ?? []) || "no hold was made" };
}

/** Null when released; else why not (the hold or its fulfillment order is gone already: nothing left to release). */
export function parseBookingHoldRelease(body: unknown): string | null {
  const errors = adminAnswer(BOOKING_HOLD_RELEASE, body).fulfillmentOrderReleaseHold?.userErrors;
  return errors?.length ? userErrorText(errors) : null;
}
