/**
 * The e-mails Shopify sends the customer about a fulfillment, as the fake Admin API decides them.
 *
 * Shopify keeps one flag per fulfillment: `fulfillmentCreate`'s `notifyCustomer` sets it (and
 * sends the shipping confirmation), and `fulfillmentTrackingInfoUpdate`'s `notifyCustomer` is
 * "whether the customer will be notified of this update and future updates for the fulfillment.
 * If this field is left blank, then notifications won't be sent" (Admin API 2026-10): a tracking
 * update without `true` silences the rest of the parcel's journey. The out-for-delivery and
 * delivered e-mails go out when a fulfillment event of that status arrives on a fulfillment whose
 * flag is on; no template exists for the other statuses.
 */

export type CustomerNotice =
  "shipping_confirmation" | "shipping_update" | "out_for_delivery" | "delivered";

export interface CustomerNotificationsLog {
  /** Every e-mail Shopify would have sent the customer about a fulfillment, in order. */
  customerNotifications?: { shop: string; fulfillmentId: string; notice: CustomerNotice }[];
}

/** Shopify's template for a fulfillment event's status, where it has one. */
const EVENT_NOTICES: Record<string, CustomerNotice> = {
  OUT_FOR_DELIVERY: "out_for_delivery",
  DELIVERED: "delivered",
};

export class FakeCustomerNotifications {
  /** Fulfillments whose customer is notified of updates ("<shop> <gid>"). */
  private readonly notifying = new Set<string>();

  /** `fulfillmentCreate` with its `notifyCustomer` (absent: false, as Shopify's default). */
  fulfillmentCreated(
    shop: string,
    fulfillmentId: string,
    notifyCustomer: unknown,
    log?: CustomerNotificationsLog,
  ): void {
    this.flag(shop, fulfillmentId, notifyCustomer, "shipping_confirmation", log);
  }

  /** `fulfillmentTrackingInfoUpdate`: this update's flag is the flag from now on. */
  trackingUpdated(
    shop: string,
    fulfillmentId: string,
    notifyCustomer: unknown,
    log?: CustomerNotificationsLog,
  ): void {
    this.flag(shop, fulfillmentId, notifyCustomer, "shipping_update", log);
  }

  /** `fulfillmentEventCreate`: the e-mail of the event's status, if it has one and the flag is on. */
  eventCreated(
    shop: string,
    fulfillmentId: string,
    status: string,
    log?: CustomerNotificationsLog,
  ): void {
    const notice = EVENT_NOTICES[status];
    if (notice && this.notifies(shop, fulfillmentId)) this.send(shop, fulfillmentId, notice, log);
  }

  /** Whether the customer hears of this fulfillment's updates. */
  notifies(shop: string, fulfillmentId: string): boolean {
    return this.notifying.has(`${shop} ${fulfillmentId}`);
  }

  /** The call's `notifyCustomer` is the flag from now on; on, this call's own e-mail goes too. */
  private flag(
    shop: string,
    fulfillmentId: string,
    notifyCustomer: unknown,
    notice: CustomerNotice,
    log?: CustomerNotificationsLog,
  ): void {
    if (notifyCustomer !== true) {
      this.notifying.delete(`${shop} ${fulfillmentId}`);
      return;
    }
    this.notifying.add(`${shop} ${fulfillmentId}`);
    this.send(shop, fulfillmentId, notice, log);
  }

  private send(
    shop: string,
    fulfillmentId: string,
    notice: CustomerNotice,
    log?: CustomerNotificationsLog,
  ): void {
    log?.customerNotifications?.push({ shop, fulfillmentId, notice });
  }
}
