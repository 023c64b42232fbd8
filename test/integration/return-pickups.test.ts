import { wordsIn } from "#app/i18n/i18n.server.ts";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { returnPickups, webhookInbox } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import { pickupWords } from "#app/returns/pickup-words.server.ts";
import { pickupDraft, quotePickup } from "#app/returns/pickups.server.ts";
import { shippingAccessForShop } from "#app/shops/shipping-client.server.ts";
import * as approve from "#app/routes/webhooks.returns.approve.tsx";
import * as decline from "#app/routes/webhooks.returns.decline.tsx";
import * as close from "#app/routes/webhooks.returns.close.tsx";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import { action as shippingEvents } from "#app/routes/webhooks.shipping.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { fakeAdminGraphql, SHOPIFY_ORDERS } from "#fakes/shopify/fake-admin.ts";
import { loadShopifySample } from "../fixtures/shopify.ts";
import { afterBookingStack, shipmentJobsSettled } from "../helpers/after-booking.ts";
import { PICKUP, eventsPathOf } from "../helpers/pipeline.ts";
import {
  callRoute,
  deliverWebhook,
  offlineSession,
  sessionTokenRequest,
  type RouteAction,
} from "../helpers/shopify.ts";

/**
 * A customer's return picked up by the courier: Shopify's own sample payloads of returns/approve,
 * returns/decline and returns/close (their ids renamed to a return the fake Admin API holds for a
 * booked and fulfilled order) through the real webhook intake; the merchant's one action through
 * the shipment page's route with a correctly signed session token; the booking at the sandbox over
 * HTTP by the worker; Shopify's return given the waybill (the fake records it).
 */
const stack = afterBookingStack({
  label: "rpick",
  clockStart: Date.UTC(2026, 10, 23, 2, 0, 0),
  fulfilled: true,
});
const { log } = stack;
const graphql = fakeAdminGraphql([], log);

/** An order booked and fulfilled, and its customer's return of `units` of its first line approved in Shopify. */
async function approvedReturn(units = 1) {
  const booked = await stack.booked("multi-item");
  await sessionStorage.storeSession(offlineSession(booked.shop));
  const orderId = String(booked.order.id);
  const [first] = SHOPIFY_ORDERS.returns.fulfilledLines(booked.shop, orderId);
  const returnId = SHOPIFY_ORDERS.returns.approveCustomerReturn(booked.shop, orderId, [
    { fulfillmentLineItemId: first!.id, quantity: units },
  ]);
  return { ...booked, orderId, returnId, returnedLine: first! };
}

/** Shopify's sample body of a returns topic, naming this return and order. */
function sample(topic: "approve" | "decline" | "close", returnId: string, orderId: string) {
  const body = loadShopifySample(`returns-${topic}`) as Record<string, unknown>;
  const id = Number(returnId.split("/").pop());
  body.id = id;
  body.admin_graphql_api_id = returnId;
  if ("order" in body)
    body.order = { id: Number(orderId), admin_graphql_api_id: `gid://shopify/Order/${orderId}` };
  if ("order_id" in body) body.order_id = Number(orderId);
  return body;
}

const routes = { approve, decline, close };

/** Shopify's sample of returns/<topic> for this return, signed and delivered; the status answered. */
function deliverReturn(
  topic: "approve" | "decline" | "close",
  b: { shop: string; returnId: string; orderId: string },
  webhookId?: string,
) {
  return deliverWebhook(routes[topic].action, {
    topic: `returns/${topic}`,
    shop: b.shop,
    body: sample(topic, b.returnId, b.orderId),
    webhookId,
  });
}

const rowsOf = (shop: string) =>
  db.select().from(returnPickups).where(eq(returnPickups.shop, shop));

async function book(shop: string, shipmentId: string, pickupId: string, courier: string) {
  const request = await sessionTokenRequest(`/app/shipments/${shipmentId}`, shop, {
    method: "POST",
    body: new URLSearchParams({ intent: "book_return_pickup", pickupId, courier }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return (await (shipmentPage.action as unknown as RouteAction)({
    request,
    params: { id: shipmentId },
    context: {},
  })) as unknown as { ok: boolean; message: string };
}

const returnOrders = (key: string) =>
  [...stack.sandbox.service.account(key).orders.values()].filter((o) =>
    o.spec.tags.includes("return"),
  );

describe("a customer's return picked up by the courier", () => {
  it("approve → the merchant's one action → one order from the customer to the pickup location, the returned line only → the waybill on Shopify's return; twice delivered, booked once", async () => {
    const { shop, key, shipment, orderId, returnId, returnedLine, order } = await approvedReturn(1);
    const delivered = { shop, returnId, orderId };
    for (let i = 0; i < 2; i += 1)
      expect(await deliverReturn("approve", delivered, `approve-${returnId}`)).toBe(200);
    const [row] = await rowsOf(shop);
    expect(row).toMatchObject({
      shopifyReturnId: returnId,
      shipmentId: shipment.id,
      status: "approved",
    });
    expect(await rowsOf(shop)).toHaveLength(1);

    // The page quotes it before anything is charged: the original courier first, at the service's price.
    const [view] = await pickupWords({ db, env: getEnv(), graphql }, shop, shipment, wordsIn("en"));
    expect(view!.quoteError).toBeNull();
    expect(
      view!.options![0]!.value.startsWith(`${shipment.courierCompany}/${shipment.courierType}/`),
    ).toBe(true);
    const line = (order.line_items as { id: number; name: string; grams: number }[]).find(
      (l) => `gid://shopify/LineItem/${l.id}` === returnedLine.lineItemId,
    )!;
    expect(view!.lines).toEqual([`1 × ${line.name} (${line.grams} g)`]);
    expect(returnOrders(key)).toHaveLength(0);
    // Each option's time in the reader's words, the courier named once: "JNE Reguler: Rp…
    // (2–3 days)" here, "(2–3 hari)" in Indonesian, never the service's "2 - 3 days".
    expect(view!.options![0]!.label).toMatch(/^JNE Reguler: Rp[\d.]+ \(2–3 days\)$/);
    const [inIndonesian] = await pickupWords(
      { db, env: getEnv(), graphql },
      shop,
      shipment,
      wordsIn("id"),
    );
    expect(inIndonesian!.options!.map((o) => o.label)).toContain(
      view!.options![0]!.label.replace("days", "hari"),
    );

    const choice = view!.options![0]!.value;
    expect(await book(shop, shipment.id, row!.id, choice)).toMatchObject({ ok: true });
    // A second click books nothing more.
    expect(await book(shop, shipment.id, row!.id, choice)).toMatchObject({ ok: false });
    await shipmentJobsSettled();

    const orders = returnOrders(key);
    expect(orders).toHaveLength(1);
    const [made] = orders;
    // From the customer (the parcel's receiver) to the pickup location it left from, non-COD.
    expect(made!.spec.origin.postalCode).toBe(Number(shipment.label!.receiver.postalCode));
    expect(made!.spec.destination.postalCode).toBe(PICKUP.postalCode);
    expect(made!.spec.destination.contactName).toBe(PICKUP.contactName);
    expect(made!.spec.cod).toBeNull();
    expect(made!.spec.items.map((i) => [i.name, i.quantity, i.weight])).toEqual([
      [line.name, 1, line.grams],
    ]);
    const [after] = await rowsOf(shop);
    expect(after).toMatchObject({
      status: "booked",
      shippingOrderId: made!.id,
      waybillId: made!.waybillId,
    });
    const deliveries = log.reverseDeliveries!.filter((d) => d.shop === shop);
    expect(deliveries).toHaveLength(1);
    // The customer is told the return's tracking, as the merchant's notification setting says.
    expect(deliveries[0]).toMatchObject({
      returnId,
      number: made!.waybillId,
      notifyCustomer: true,
    });
    expect(deliveries[0]!.lines.map((l) => l.quantity)).toEqual([1]);
    expect(after!.reverseDeliveryId).not.toBeNull();

    // The same approval delivered again (and once more under a new delivery id), and the job asked
    // again: nothing more is booked or sent.
    expect(await deliverReturn("approve", delivered, `approve-${returnId}`)).toBe(200);
    expect(await deliverReturn("approve", delivered)).toBe(200);
    await enqueue.bookReturnPickup(shop, row!.id);
    await shipmentJobsSettled();
    expect(returnOrders(key)).toHaveLength(1);
    expect(log.reverseDeliveries!.filter((d) => d.shop === shop)).toHaveLength(1);

    // It follows its statuses: back with the shop, the page says to process the return in Shopify.
    // (The service's event for its order comes to the events route, which knows it as a pickup.)
    stack.sandbox.service.lifecycle.forceStatus(made!.id, "delivered");
    const event = await callRoute(
      shippingEvents,
      new Request(`https://app.example${await eventsPathOf(db, shop)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event: "order.status", order_id: made!.id, status: "delivered" }),
      }),
    );
    expect(await event.json()).toEqual({ ok: true });
    await shipmentJobsSettled();
    const [back] = await rowsOf(shop);
    expect(back!.serviceStatus).toBe("delivered");
    expect(back!.deliveredAt).not.toBeNull();
    const [done] = await pickupWords({ db, env: getEnv(), graphql }, shop, shipment, wordsIn("en"));
    expect(done!.title).toBe("The return is back with you");
  });

  it("a draft an earlier run made, whose answer was lost, is adopted: one draft, one order", async () => {
    const b = await approvedReturn(1);
    await deliverReturn("approve", b);
    const [row] = await rowsOf(b.shop);
    const quote = await quotePickup({ db, env: getEnv(), graphql }, b.shop, row!, b.shipment);
    const { company, type, price } = quote.options[0]!;
    // What the lost run sent: the same draft, under the return's reference.
    const { client } = await shippingAccessForShop(db, getEnv(), b.shop);
    const lost = await client.createDraftOrder(
      pickupDraft(
        b.shipment.label!,
        quote.lines,
        { company, type },
        {
          referenceId: `return-${b.returnId.split("/").pop()}`,
          returnName: "#R",
          orderName: b.shipment.orderName,
        },
      ),
    );
    expect(await book(b.shop, b.shipment.id, row!.id, `${company}/${type}/${price}`)).toMatchObject(
      {
        ok: true,
      },
    );
    await shipmentJobsSettled();
    const drafts = [...stack.sandbox.service.account(b.key).drafts.values()].filter((d) =>
      d.spec.tags.includes("return"),
    );
    expect(drafts.map((d) => d.id)).toEqual([lost.id]);
    expect(returnOrders(b.key)).toHaveLength(1);
    expect((await rowsOf(b.shop))[0]).toMatchObject({ status: "booked", draftOrderId: lost.id });
  });

  it("refused, then asked again at another courier: the draft kept from the first request books at the new one", async () => {
    const b = await approvedReturn(1);
    await deliverReturn("approve", b);
    const [row] = await rowsOf(b.shop);
    const quote = await quotePickup({ db, env: getEnv(), graphql }, b.shop, row!, b.shipment);
    expect(quote.options.length).toBeGreaterThanOrEqual(2);
    // The quote offers the original courier's services: another service of it is another courier
    // booking (its own type and price).
    const first = quote.options[0]!;
    const other = quote.options.find((o) => o.company !== first.company || o.type !== first.type);
    expect(other, JSON.stringify(quote.options)).toBeDefined();
    // The first request made its draft at the first courier and was then refused.
    const { client } = await shippingAccessForShop(db, getEnv(), b.shop);
    const kept = await client.createDraftOrder(
      pickupDraft(
        b.shipment.label!,
        quote.lines,
        { company: first.company, type: first.type },
        {
          referenceId: `return-${b.returnId.split("/").pop()}`,
          returnName: "#R",
          orderName: b.shipment.orderName,
        },
      ),
    );
    await db
      .update(returnPickups)
      .set({
        status: "refused",
        draftOrderId: kept.id,
        courierCompany: first.company,
        courierType: first.type,
        problem: "The shipping service refused the pickup",
      })
      .where(eq(returnPickups.id, row!.id));
    // The merchant picks another courier.
    expect(
      await book(
        b.shop,
        b.shipment.id,
        row!.id,
        `${other!.company}/${other!.type}/${other!.price}`,
      ),
    ).toMatchObject({ ok: true });
    await shipmentJobsSettled();
    const [made] = returnOrders(b.key);
    expect(made!.spec.service).toMatchObject({
      courierCode: other!.company,
      serviceCode: other!.type,
    });
    expect((await rowsOf(b.shop))[0]).toMatchObject({
      status: "booked",
      draftOrderId: kept.id,
      courierCompany: other!.company,
      courierType: other!.type,
    });
  });

  it("a return declined or closed in Shopify books nothing", async () => {
    const declined = await approvedReturn(1);
    expect(await deliverReturn("approve", declined)).toBe(200);
    expect(await deliverReturn("decline", declined)).toBe(200);
    const [row] = await rowsOf(declined.shop);
    expect(row!.status).toBe("declined");
    expect(await book(declined.shop, declined.shipment.id, row!.id, "jne/reg/18000")).toMatchObject(
      {
        ok: false,
      },
    );

    const closed = await approvedReturn(1);
    await deliverReturn("approve", closed);
    expect(await deliverReturn("close", closed)).toBe(200);
    expect((await rowsOf(closed.shop))[0]!.status).toBe("closed");

    // Declined in Shopify after the merchant asked, before the job ran: the job books nothing.
    const late = await approvedReturn(1);
    await deliverReturn("approve", late);
    const [lateRow] = await rowsOf(late.shop);
    SHOPIFY_ORDERS.returns.setStatus(late.shop, late.returnId, "DECLINED");
    await db
      .update(returnPickups)
      .set({ status: "booking", courierCompany: "jne", courierType: "reg" })
      .where(and(eq(returnPickups.id, lateRow!.id)));
    await enqueue.bookReturnPickup(late.shop, lateRow!.id);
    await shipmentJobsSettled();
    expect((await rowsOf(late.shop))[0]).toMatchObject({
      status: "declined",
      shippingOrderId: null,
    });
    for (const s of [declined, closed, late]) expect(returnOrders(s.key)).toHaveLength(0);
  });

  it("a genuine returns/approve replayed under another shop's header is recorded there, and keeps nothing", async () => {
    const genuine = await approvedReturn(1);
    // The other shop installed the app too, and booked nothing of that order.
    const other = await stack.booked("cod");
    expect(
      await deliverReturn(
        "approve",
        { ...genuine, shop: other.shop },
        `replay-${genuine.returnId}`,
      ),
    ).toBe(200);
    expect(await rowsOf(other.shop)).toEqual([]);
    const [inbox] = await db
      .select()
      .from(webhookInbox)
      .where(eq(webhookInbox.webhookId, `replay-${genuine.returnId}`));
    expect(inbox).toMatchObject({ shop: other.shop, status: "processed" });
    expect(inbox!.error).toMatch(/booked no parcel of this order/);
    // At the shop that shipped it, the same return is kept as usual.
    expect(await deliverReturn("approve", genuine)).toBe(200);
    expect(await rowsOf(genuine.shop)).toHaveLength(1);
  });
});
