import { describe, expect, it } from "vitest";
import { AdminGraphqlError, type AdminGraphql } from "../admin-api/request";
import { orderToAdminNode } from "#fakes/shopify/admin-orders.ts";
import { loadOrder } from "#test/fixtures/orders.ts";
import { readAdminOrder, readAdminOrders } from "./admin-order";
import { orderPayloadSchema } from "./payload";

/** An Admin API that answers every call with `body`. */
const answering = (body: unknown) => (async () => body) as unknown as AdminGraphql;

describe("an order read through Admin GraphQL reads like its webhook", () => {
  it("same id, lines, amounts, payment and courier line as the webhook payload", async () => {
    const webhook = orderPayloadSchema.parse(loadOrder("cod"));
    const fromAdmin = orderPayloadSchema.parse(
      await readAdminOrder(
        answering({ data: { order: orderToAdminNode(loadOrder("cod")) } }),
        "toko.myshopify.com",
        "1",
      ),
    );
    expect(fromAdmin).toMatchObject({
      id: webhook.id,
      name: webhook.name,
      financial_status: webhook.financial_status,
      payment_gateway_names: webhook.payment_gateway_names,
      total_outstanding: webhook.total_outstanding,
      shipping_address: {
        zip: webhook.shipping_address?.zip,
        country_code: "ID",
        phone: webhook.shipping_address?.phone,
      },
    });
    expect(
      fromAdmin.line_items.map((l) => [l.id, l.sku, l.grams, l.current_quantity, l.price]),
    ).toEqual(webhook.line_items.map((l) => [l.id, l.sku, l.grams, l.current_quantity, l.price]));
    expect(fromAdmin.shipping_lines?.[0]).toMatchObject({ code: "JNE REG", title: "JNE Reguler" });
  });

  it("pages, a missing order, and Shopify's errors", async () => {
    const page = await readAdminOrders(
      answering({
        data: {
          orders: {
            pageInfo: { hasNextPage: true, endCursor: "c1" },
            nodes: [orderToAdminNode(loadOrder("multi-item"))],
          },
        },
      }),
      "toko.myshopify.com",
      { query: "status:open", after: null },
    );
    expect(page).toMatchObject({
      hasNextPage: true,
      endCursor: "c1",
      orders: [{ id: "5801234567890" }],
    });
    expect(
      await readAdminOrder(answering({ data: { order: null } }), "toko.myshopify.com", "1"),
    ).toBeNull();
    await expect(
      readAdminOrder(
        answering({ errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] }),
        "toko.myshopify.com",
        "1",
      ),
    ).rejects.toThrow(AdminGraphqlError);
  });
});
