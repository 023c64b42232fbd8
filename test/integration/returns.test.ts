import { wordsIn } from "#app/i18n/i18n.server.ts";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { QUEUES } from "#app/jobs/definitions.ts";
import { enqueue, getQueue } from "#app/jobs/queues.server.ts";
import { describeStatus } from "#app/shipments/status-words.ts";
import { codAmount } from "#app/shipments/cod.ts";
import {
  RETURN_CLOSE,
  RETURN_CREATE,
  RETURN_PROCESS,
  RETURNED_ORDER_CANCEL,
} from "#app/admin-api/operations/returns.ts";
import { storedText } from "#app/i18n/said.ts";
import { restockLines, type ShopifyReturn } from "#app/shipments/returns.ts";
import { fakeAdminGraphql, SHOP_LOCATION, SHOPIFY_ORDERS } from "#fakes/shopify/fake-admin.ts";
import {
  afterBookingStack,
  eventTypesOf,
  reconcileLostJob,
  shipmentJobsSettled,
} from "../helpers/after-booking.ts";
import { shipmentOf } from "../helpers/pipeline.ts";

/**
 * A parcel that comes back to the shop: recorded as a return in Shopify, restocked where it left
 * from, and the order closed as the shop's policy says. The real webhook route, worker, database,
 * Redis and the sandbox over HTTP (its control moves the parcel back as a courier would); Shopify's
 * Admin API is the fake, which keeps fulfillments' lines, returns and restocks, and refuses a
 * return of more than was fulfilled or a cancellation with a return open.
 */
const stack = afterBookingStack({
  label: "return",
  clockStart: Date.UTC(2026, 10, 22, 1, 0, 0),
  stepMs: 3_600_000,
  fulfilled: true,
});
const { log, clock } = stack;
const bookedOrder = stack.booked;
const courierMoves = stack.moves;
const settled = shipmentJobsSettled;

/** The order's lines as Shopify holds them (id → quantity), from its webhook body. */
const orderLines = (order: Record<string, unknown>) =>
  Object.fromEntries(
    (order.line_items as { id: number; quantity: number; requires_shipping?: boolean }[])
      .filter((l) => l.requires_shipping !== false)
      .map((l) => [`gid://shopify/LineItem/${l.id}`, l.quantity]),
  );
const restockedOf = (shop: string) =>
  Object.fromEntries(
    log.restocks!.filter((r) => r.shop === shop).map((r) => [r.lineItemId, r.quantity]),
  );

describe("a COD parcel refused by the customer and returned to sender", () => {
  it("is recorded as a return, restocked where it left from and the order cancelled with nothing owed, once; never marked paid", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    await courierMoves(shop, shipment, "picked");
    await courierMoves(shop, shipment, "dropping_off");
    await courierMoves(shop, shipment, "return_in_transit", "Penerima menolak paket, diretur");
    const coming = (await shipmentOf(db, shop, order.id))!;
    expect(
      describeStatus({ ...coming, cod: codAmount(coming) }, { ...wordsIn("en"), locale: "id-ID" })
        .sentence,
    ).toBe(
      `Coming back to you: Rp404.000 cash on delivery not collected (waybill ${coming.waybillId})`,
    );
    expect(log.returns!.filter((r) => r.shop === shop)).toEqual([]);

    await courierMoves(shop, shipment, "returned");
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.status).toBe("returned");
    expect(back.returnOutcome).toBe("cancelled");
    expect(back.shopifyReturnId).toMatch(/^gid:\/\/shopify\/Return\/\d+$/);
    expect(back.returnRestockedAt).not.toBeNull();
    expect(back.returnedAt?.toISOString()).toBe(new Date(clock.ms).toISOString());
    expect(back.problem).toBeNull();
    // Every shipped unit back in stock at the location it left from; the order cancelled without restock.
    expect(restockedOf(shop)).toEqual(orderLines(order));
    expect(new Set(log.restocks!.filter((r) => r.shop === shop).map((r) => r.locationId))).toEqual(
      new Set([SHOP_LOCATION.id]),
    );
    const cancellations = log.cancellations!.filter((c) => c.shop === shop);
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]!.restock).toBe(false);
    expect(cancellations[0]!.staffNote).toContain("cash on delivery of Rp404.000 not collected");
    expect(log.markedPaid!.filter((m) => m.shop === shop)).toEqual([]);
    // Processed, then closed (Shopify leaves a processed return open), then the cancellation
    // asked and, once Shopify's job ran, recorded.
    const [ret] = SHOPIFY_ORDERS.returns.returns.get(`${shop} ${order.id}`)!;
    expect(ret!.status).toBe("CLOSED");
    const types = await eventTypesOf(shipment.id);
    expect(types).toEqual(
      expect.arrayContaining(["return_recorded", "restocked", "cancel_requested", "order_closed"]),
    );
    expect(types.indexOf("cancel_requested")).toBeLessThan(types.indexOf("order_closed"));
    // The customer was told it failed: Shopify's FAILURE event for the way back.
    expect(log.fulfillmentEvents!.filter((e) => e.shop === shop).map((e) => e.status)).toContain(
      "FAILURE",
    );

    // The service says it again, and the job runs again: nothing more happens.
    await enqueue.syncStatus(shop, shipment.id);
    await settled();
    await getQueue(QUEUES.shipments).add("process-return", { shop, shipmentId: shipment.id });
    await settled();
    expect(log.returns!.filter((r) => r.shop === shop)).toHaveLength(1);
    expect(log.cancellations!.filter((c) => c.shop === shop)).toHaveLength(1);
    expect(restockedOf(shop)).toEqual(orderLines(order));
  });

  it("a return made by a run that died before recording it is found, not made twice", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    const fulfillmentId = (shipment.fulfillmentIds as string[])[0]!;
    const lines = SHOPIFY_ORDERS.returns.fulfillments.get(`${shop} ${fulfillmentId}`)!.lines;
    // The earlier run's returnCreate reached Shopify; its answer never reached the database.
    const graphql = fakeAdminGraphql([], log);
    await graphql(shop, RETURN_CREATE, {
      returnInput: {
        orderId: `gid://shopify/Order/${order.id}`,
        returnLineItems: lines.map((l) => ({ fulfillmentLineItemId: l.id, quantity: l.quantity })),
      },
    });
    await courierMoves(shop, shipment, "returned");
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.returnOutcome).toBe("cancelled");
    expect(SHOPIFY_ORDERS.returns.returns.get(`${shop} ${order.id}`)).toHaveLength(1);
    expect(restockedOf(shop)).toEqual(orderLines(order));
  });
});

describe("Shopify's returns and cancellations as Shopify runs them", () => {
  it("a return processed by a run that died before closing it is closed, not processed again", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    const fulfillmentId = (shipment.fulfillmentIds as string[])[0]!;
    const lines = SHOPIFY_ORDERS.returns.fulfillments.get(`${shop} ${fulfillmentId}`)!.lines;
    const graphql = fakeAdminGraphql([], log);
    const made = (await graphql(shop, RETURN_CREATE, {
      returnInput: {
        orderId: `gid://shopify/Order/${order.id}`,
        returnLineItems: lines.map((l) => ({ fulfillmentLineItemId: l.id, quantity: l.quantity })),
      },
    })) as { data: { returnCreate: { return: ShopifyReturn } } };
    const ret = made.data.returnCreate.return;
    const processed = (await graphql(shop, RETURN_PROCESS, {
      input: { returnId: ret.id, returnLineItems: restockLines(ret, SHOP_LOCATION.id) },
    })) as { data: { returnProcess: { return: { status: string } } } };
    // Processed, and still open: Shopify closes a return with returnClose.
    expect(processed.data.returnProcess.return.status).toBe("OPEN");
    const refused = (await graphql(shop, RETURNED_ORDER_CANCEL, {
      orderId: `gid://shopify/Order/${order.id}`,
      restock: false,
    })) as { data: { orderCancel: { orderCancelUserErrors: { message: string }[] } } };
    expect(refused.data.orderCancel.orderCancelUserErrors[0]?.message).toBe(
      "Cannot cancel an order with a return in progress.",
    );

    await courierMoves(shop, shipment, "returned");
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.returnOutcome).toBe("cancelled");
    expect(SHOPIFY_ORDERS.returns.returns.get(`${shop} ${order.id}`)!.map((r) => r.status)).toEqual(
      ["CLOSED"],
    );
    // Restocked once, by the run that processed it.
    expect(restockedOf(shop)).toEqual(orderLines(order));
    expect(log.cancellations!.filter((c) => c.shop === shop)).toHaveLength(1);
  });

  it("a cancellation Shopify takes a while to run is followed until the order is cancelled", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    // Not run by the first look (a second after asking): the job looks again two seconds later.
    SHOPIFY_ORDERS.cancels.runsAfterMs = 2_500;
    try {
      await courierMoves(shop, shipment, "returned");
    } finally {
      SHOPIFY_ORDERS.cancels.runsAfterMs = 500;
    }
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.returnOutcome).toBe("cancelled");
    expect(back.problem).toBeNull();
    expect(log.cancellations!.filter((c) => c.shop === shop)).toHaveLength(1);
  });

  it("a cancellation Shopify accepted but did not carry out reaches the merchant in words", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    SHOPIFY_ORDERS.cancels.failing.add(`${shop} ${order.id}`);
    await courierMoves(shop, shipment, "returned");
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.returnOutcome).toBe("refused");
    expect(back.problemKinds).toEqual(["returned"]);
    expect(storedText(back.problem, back.problemSaid, wordsIn("id").t)).toMatch(
      /stoknya sudah dikembalikan, tetapi Shopify tidak menyelesaikan pembatalan pesanan yang diminta aplikasi\. Pesanan masih menunjukkan tagihan Rp404\.000/,
    );
    expect(log.cancellations!.filter((c) => c.shop === shop)).toEqual([]);
    expect(await eventTypesOf(shipment.id)).toEqual(
      expect.arrayContaining(["cancel_requested", "return_refused"]),
    );
  });
});

describe("a return whose job was lost", () => {
  it("is handled once reconciliation queues it again", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    const counts = await reconcileLostJob(shipment.id, { status: "returned" });
    expect(counts.processReturn).toBe(1);
    await settled();
    expect((await shipmentOf(db, shop, order.id))!.returnOutcome).toBe("cancelled");
    expect(restockedOf(shop)).toEqual(orderLines(order));
  });
});

describe("a prepaid parcel returned to sender", () => {
  it("is restocked and left for the merchant to refund, as the shipment's problem", async () => {
    const { shop, order, shipment } = await bookedOrder("multi-item");
    await courierMoves(shop, shipment, "returned");
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.returnOutcome).toBe("to_refund");
    expect(back.problemKinds).toEqual(["returned"]);
    expect(back.problem).toContain("The customer paid for it: refund them in Shopify");
    expect(restockedOf(shop)).toEqual(orderLines(order));
    expect(log.cancellations!.filter((c) => c.shop === shop)).toEqual([]);
  });
});

describe("what the shop's grant and settings say", () => {
  it("a shop that has not approved write_returns gets a problem naming it; nothing is cancelled", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    SHOPIFY_ORDERS.revoke(shop, "write_returns");
    await courierMoves(shop, shipment, "returned");
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.returnOutcome).toBe("refused");
    expect(back.problemKinds).toEqual(["shopify"]);
    expect(back.problem).toContain("write_returns");
    expect(log.cancellations!.filter((c) => c.shop === shop)).toEqual([]);
  });

  it("with restocking off the parcel is left for the merchant, said as a problem", async () => {
    const { shop, order, shipment } = await bookedOrder("cod", { restockReturns: false });
    await courierMoves(shop, shipment, "returned");
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.returnOutcome).toBe("left_open");
    expect(back.problem).toContain("Automatic restocking is off");
    expect(log.returns!.filter((r) => r.shop === shop)).toEqual([]);
  });
});

describe("the fake Admin API refuses what Shopify refuses", () => {
  it("a return of more than was fulfilled, and a cancellation while a return is open", async () => {
    const { shop, order, shipment } = await bookedOrder("cod", { restockReturns: false });
    const fulfillmentId = (shipment.fulfillmentIds as string[])[0]!;
    const [line] = SHOPIFY_ORDERS.returns.fulfillments.get(`${shop} ${fulfillmentId}`)!.lines;
    const graphql = fakeAdminGraphql([], undefined);
    const create = (quantity: number) =>
      graphql(shop, RETURN_CREATE, {
        returnInput: {
          orderId: `gid://shopify/Order/${order.id}`,
          returnLineItems: [{ fulfillmentLineItemId: line!.id, quantity }],
        },
      }) as Promise<{
        data: { returnCreate: { return: unknown; userErrors: { message: string }[] } };
      }>;
    expect((await create(line!.quantity + 1)).data.returnCreate.userErrors[0]?.message).toBe(
      "Quantity is not available for return.",
    );
    expect((await create(line!.quantity)).data.returnCreate.userErrors).toEqual([]);
    const cancel = (await graphql(shop, RETURNED_ORDER_CANCEL, {
      orderId: `gid://shopify/Order/${order.id}`,
      restock: false,
      staffNote: "x",
    })) as { data: { orderCancel: { orderCancelUserErrors: { message: string }[] } } };
    expect(cancel.data.orderCancel.orderCancelUserErrors[0]?.message).toBe(
      "Cannot cancel an order with a return in progress.",
    );
    // Closed, the order can be cancelled: Shopify answers a job, and the order is cancelled
    // only when the job has run.
    const [open] = SHOPIFY_ORDERS.returns.returns.get(`${shop} ${order.id}`)!;
    SHOPIFY_ORDERS.returns.setStatus(shop, open!.id, "OPEN");
    const closed = (await graphql(shop, RETURN_CLOSE, { id: open!.id })) as {
      data: { returnClose: { return: { status: string } } };
    };
    expect(closed.data.returnClose.return.status).toBe("CLOSED");
    expect(SHOPIFY_ORDERS.returns.cancelBlocker(shop, String(order.id))).toBe(
      "Cannot cancel an order with fulfilled items that were not returned.",
    );
  });
});
