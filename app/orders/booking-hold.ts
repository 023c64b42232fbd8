import { z } from "zod";
import { checkErrors, userErrorsSchema as userErrors } from "./admin-order";

/**
 * The hold this app may place on a fulfillment order while its shipment is being booked (the "hold
 * while booking" setting): Shopify then refuses a fulfilment by hand, so staff cannot ship the
 * items a second time with another courier. The app releases it right before it fulfils the order
 * with the booking's tracking, or when the merchant cancels the shipment. Holds of this app are
 * recognised by `heldByRequestingApp` and never stop its own booking (fulfillment-orders.ts,
 * foreignHold).
 */
export const BOOKING_HOLD = `#graphql
  mutation BookingHold($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) {
    fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) {
      fulfillmentHold { id }
      userErrors { field message }
    }
  }`;

export const BOOKING_HOLD_RELEASE = `#graphql
  mutation BookingHoldRelease($id: ID!, $holdIds: [ID!]) {
    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {
      fulfillmentOrder { id status }
      userErrors { field message }
    }
  }`;

/** The handle of this app's hold: one per fulfillment order (Shopify allows an app several, by handle). */
export const BOOKING_HOLD_HANDLE = "parcelbridge-booking";

export const bookingHoldVariables = (fulfillmentOrderId: string) => ({
  id: fulfillmentOrderId,
  fulfillmentHold: {
    reason: "OTHER",
    reasonNotes:
      "Being booked with the shipping service by ParcelBridge; released when it fulfils the order with the tracking, or when the shipment is cancelled",
    handle: BOOKING_HOLD_HANDLE,
    notifyMerchant: false,
  },
});

export const bookingHoldReleaseVariables = (fulfillmentOrderId: string, holdId: string) => ({
  id: fulfillmentOrderId,
  holdIds: [holdId],
});

const holdSchema = z.object({
  data: z.object({
    fulfillmentOrderHold: z.object({
      fulfillmentHold: z.object({ id: z.string() }).nullable(),
      userErrors,
    }),
  }),
});
const releaseSchema = z.object({
  data: z.object({ fulfillmentOrderReleaseHold: z.object({ userErrors }) }),
});

/** The hold's id, or why Shopify refused it (a fulfillment order that cannot be held, the limit of holds). */
export function parseBookingHold(body: unknown): { holdId: string } | { refused: string } {
  checkErrors(body);
  const { fulfillmentHold, userErrors: errors } = holdSchema.parse(body).data.fulfillmentOrderHold;
  if (fulfillmentHold) return { holdId: fulfillmentHold.id };
  return { refused: errors.map((e) => e.message).join("; ") || "no hold was made" };
}

/** Null when released; else why not (the hold or its fulfillment order is gone already: nothing left to release). */
export function parseBookingHoldRelease(body: unknown): string | null {
  checkErrors(body);
  const errors = releaseSchema.parse(body).data.fulfillmentOrderReleaseHold.userErrors;
  return errors.length > 0 ? errors.map((e) => e.message).join("; ") : null;
}
