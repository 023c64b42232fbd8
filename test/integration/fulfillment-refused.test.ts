import { wordsIn } from "#app/i18n/i18n.server.ts";
import { FULFILLMENT_CREATE } from "#app/admin-api/operations/fulfillments.ts";
import { ORDER_FULFILLMENT_ORDERS_QUERY } from "#app/admin-api/operations/fulfillment-orders.ts";
import type { Job } from "bullmq";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { listShipments } from "#app/shipments/list.server.ts";
import { updateShipment } from "#app/shipments/shipments.server.ts";
import { eventTitle } from "#app/shipments/status-words.ts";
import { recordInstall, updateShopSettings } from "#app/shops/shops.server.ts";
import { adminQueryErrors, adminVariableErrors } from "#app/admin-api/admin-schema.ts";
import { shipmentOf, timelineOf } from "../helpers/pipeline.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { FakeMetafields } from "#fakes/shopify/fake-metafields.ts";
import { processCreateFulfillment } from "#worker/processors/create-fulfillment.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

/** Shopify's Admin API as create-fulfillment meets it: order 9100's one open fulfillment order at
 * Gudang Bandung, `fulfillmentCreate` answered by `made`, and the status metafields kept. */
function fakeShopify(made: () => Promise<Record<string, unknown>>) {
  const shopifyMetafields = new FakeMetafields();
  const graphql = async (asked: string, query: string, variables: Record<string, unknown>) => {
    expect([...adminQueryErrors(query), ...adminVariableErrors(query, variables)]).toEqual([]);
    if (query === ORDER_FULFILLMENT_ORDERS_QUERY)
      return {
        data: {
          order: {
            id: "gid://shopify/Order/9100",
            fulfillmentOrders: {
              nodes: [
                {
                  id: "gid://shopify/FulfillmentOrder/91001",
                  status: "OPEN",
                  supportedActions: [{ action: "CREATE_FULFILLMENT" }],
                  deliveryMethod: { methodType: "SHIPPING" },
                  fulfillmentHolds: [],
                  assignedLocation: {
                    name: "Gudang Bandung",
                    location: {
                      id: "gid://shopify/Location/1",
                      isFulfillmentService: false,
                      fulfillmentService: null,
                    },
                  },
                  lineItems: { nodes: [] },
                },
              ],
            },
          },
          locations: { nodes: [{ id: "gid://shopify/Location/1", isFulfillmentService: false }] },
        },
      };
    if (query === FULFILLMENT_CREATE) return { data: { fulfillmentCreate: await made() } };
    // The order's status metafields, written after the fulfillment whatever it came to.
    const metafieldAnswer = shopifyMetafields.answer(asked, query, variables);
    if (metafieldAnswer !== undefined) return metafieldAnswer;
    throw new Error("unexpected query");
  };
  return { graphql, shopifyMetafields };
}

/**
 * The create-fulfillment job on the shipment, Shopify answering as `graphql`; the events jobs it
 * queues are noted in `queued`.
 */
const fulfil = (
  shop: string,
  shipmentId: string,
  graphql: ReturnType<typeof fakeShopify>["graphql"],
  queued: string[],
) =>
  processCreateFulfillment({ data: { shop, shipmentId } } as Job, {
    db,
    adminGraphql: graphql,
    enqueue: { fulfillmentEvents: async (_shop, id) => (queued.push(id), null) },
  });

/** A booked shipment of order 9100 in a shop that fulfills on booking. */
async function bookedShipment(label: string) {
  const shop = uniqueShop(label);
  await recordInstall(db, shop);
  await updateShopSettings(db, shop, { fulfillOnConfirm: true, notifyCustomer: true });
  const [row] = await db
    .insert(shipments)
    .values({
      shop,
      orderId: "9100",
      orderName: "#9100",
      referenceId: `ref-${shop}`,
      status: "confirmed",
      shippingOrderId: "o-9100",
      waybillId: "CGK9100",
      courierCompany: "jne",
      courierType: "reg",
    })
    .returning();
  return { shop, row: row! };
}

describe("Shopify refuses a fulfillment", () => {
  it("the shipment needs attention under Shopify, its timeline says refused, never fulfilled", async () => {
    const { shop, row } = await bookedShipment("refused");
    const queued: string[] = [];
    // Shopify's answer when the fulfillment order cannot take it: no fulfillment, userErrors (FulfillmentCreatePayload).
    const { graphql, shopifyMetafields } = fakeShopify(async () => ({
      fulfillment: null,
      userErrors: [
        {
          field: ["fulfillment"],
          message: "Fulfillment order 91001 has an unfulfillable status= closed.",
        },
      ],
    }));
    expect(await fulfil(shop, row.id, graphql, queued)).toBe("refused");

    const after = (await shipmentOf(db, shop, "9100"))!;
    expect(after.problem).toBe(
      "Shopify refused the fulfillment: Fulfillment order 91001 has an unfulfillable status= closed.",
    );
    expect(after.problemKinds).toEqual(["shopify"]);
    expect(queued).toEqual([]);
    const [event] = (await timelineOf(db, row.id)).slice(-1);
    expect(event?.type).toBe("fulfillment_refused");
    expect(
      eventTitle(
        {
          actor: event!.actor,
          type: event!.type,
          from: event!.fromStatus,
          to: event!.toStatus,
        },
        wordsIn("en").t,
      ),
    ).toBe("Shopify refused the fulfillment");
    // Refused or not, the booking stands: the order's status in Shopify says so.
    expect(
      shopifyMetafields.value(shop, "gid://shopify/Order/9100", "parcelbridge", "status"),
    ).toBe("confirmed");
    expect(
      (await listShipments(db, shop, { tab: "attention", problemKind: "shopify" })).rows.map(
        (r) => r.orderName,
      ),
    ).toEqual(["#9100"]);
  });
});

describe("Shopify makes the fulfillment while a sync moves the shipment", () => {
  it("the fulfillment's id is kept on the shipment as it is now", async () => {
    const { shop, row } = await bookedShipment("fulfil-race");
    const queued: string[] = [];
    // While Shopify makes the fulfillment, sync-status records the courier's pickup.
    const { graphql } = fakeShopify(async () => {
      await updateShipment(db, row, { status: "picked" }, { actor: "worker:sync", type: "synced" });
      return { fulfillment: { id: "gid://shopify/Fulfillment/7001" }, userErrors: [] };
    });
    expect(await fulfil(shop, row.id, graphql, queued)).toBe("fulfilled");
    const after = (await shipmentOf(db, shop, "9100"))!;
    expect(after.status).toBe("picked");
    expect(after.fulfillmentIds).toEqual(["gid://shopify/Fulfillment/7001"]);
    expect(queued).toEqual([row.id]);
    expect((await timelineOf(db, row.id)).map((e) => e.type)).toEqual(["synced", "fulfilled"]);
  });
});
