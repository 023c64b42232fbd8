import { describe, expect, it } from "vitest";
import {
  FakeCustomerNotifications,
  type CustomerNotificationsLog,
} from "./fake-customer-notifications.ts";

const SHOP = "notices.myshopify.com";
const F = "gid://shopify/Fulfillment/1";

/** The fulfillment's e-mails after `steps`, as the fake sends them. */
function mails(steps: (n: FakeCustomerNotifications, log: CustomerNotificationsLog) => void) {
  const n = new FakeCustomerNotifications();
  const log: CustomerNotificationsLog = { customerNotifications: [] };
  steps(n, log);
  return log.customerNotifications!.map((m) => m.notice);
}

describe("the fake's customer e-mails follow Shopify's per-fulfillment flag", () => {
  it("a tracking update without notifyCustomer: true silences the rest of the journey", () => {
    expect(
      mails((n, log) => {
        n.fulfillmentCreated(SHOP, F, true, log);
        n.trackingUpdated(SHOP, F, false, log);
        n.eventCreated(SHOP, F, "OUT_FOR_DELIVERY", log);
        n.eventCreated(SHOP, F, "DELIVERED", log);
      }),
    ).toEqual(["shipping_confirmation"]);
    // Left out (undefined) is the same as false: "notifications won't be sent".
    expect(
      mails((n, log) => {
        n.fulfillmentCreated(SHOP, F, true, log);
        n.trackingUpdated(SHOP, F, undefined, log);
        n.eventCreated(SHOP, F, "DELIVERED", log);
      }),
    ).toEqual(["shipping_confirmation"]);
  });

  it("with the flag on, the update and the later out-for-delivery and delivered e-mails go out; other statuses have none", () => {
    expect(
      mails((n, log) => {
        n.fulfillmentCreated(SHOP, F, true, log);
        n.trackingUpdated(SHOP, F, true, log);
        n.eventCreated(SHOP, F, "IN_TRANSIT", log);
        n.eventCreated(SHOP, F, "OUT_FOR_DELIVERY", log);
        n.eventCreated(SHOP, F, "ATTEMPTED_DELIVERY", log);
        n.eventCreated(SHOP, F, "DELIVERED", log);
      }),
    ).toEqual(["shipping_confirmation", "shipping_update", "out_for_delivery", "delivered"]);
  });

  it("a fulfillment made without notifying tells the customer nothing, until an update turns it on", () => {
    expect(
      mails((n, log) => {
        n.fulfillmentCreated(SHOP, F, undefined, log);
        n.eventCreated(SHOP, F, "DELIVERED", log);
        n.trackingUpdated(SHOP, F, true, log);
        n.eventCreated(SHOP, F, "DELIVERED", log);
      }),
    ).toEqual(["shipping_update", "delivered"]);
  });
});
