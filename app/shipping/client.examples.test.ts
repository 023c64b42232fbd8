import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createShippingClient } from "./client.server";
import { normaliseOrderStatus, shippingEventSchema } from "./contract";
import { ShippingAuthenticationError, ShippingStateError, ShippingValidationError } from "./errors";

/**
 * The client against the documentation's own answers (test/fixtures/service/, written from the
 * service's documented shapes), through an injected fetch: nothing here comes from our sandbox.
 */
const dir = path.resolve(import.meta.dirname, "../../test/fixtures/service");
const example = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), "utf8"));

function clientAnswering(
  status: number,
  name: string | null,
  headers: Record<string, string> = {},
) {
  const seen: {
    method: string;
    url: string;
    body: string | undefined;
    authorization: string | null;
  }[] = [];
  const client = createShippingClient({
    baseUrl: "https://api.example.test",
    apiKey: "biteship_test.example",
    retries: 0,
    fetch: async (input, init) => {
      seen.push({
        method: init?.method ?? "GET",
        url: String(input),
        body: init?.body as string | undefined,
        authorization: new Headers(init?.headers).get("authorization"),
      });
      return new Response(name === null ? "" : JSON.stringify(example(name)), {
        status,
        headers: { "content-type": "application/json", ...headers },
      });
    },
  });
  return { client, seen };
}

const request = {
  origin_contact_name: "Toko Batik Sekar",
  origin_contact_phone: "081234567890",
  origin_address: "Jl. Fatmawati No. 10",
  origin_postal_code: 12410,
  destination_contact_name: "Siti Aminah",
  destination_contact_phone: "081298765432",
  destination_address: "Jl. Tunjungan No. 5",
  destination_postal_code: 60271,
  delivery_type: "now" as const,
  items: [{ name: "Kemeja Batik", value: 275000, quantity: 2, weight: 300 }],
};

describe("the client parses every documented answer", () => {
  it("draft created, confirmed (no body sent), deleted with only a message", async () => {
    const created = clientAnswering(201, "draft-created");
    expect(
      await created.client.createDraftOrder({
        ...request,
        courier_company: "JNE",
        courier_type: "reg",
      }),
    ).toMatchObject({ status: "ready", price: 22000, courier: { company: "jne" } });
    expect(created.seen[0]).toMatchObject({ authorization: "biteship_test.example" });
    expect(JSON.parse(created.seen[0]!.body!)).toMatchObject({ courier_company: "jne" });

    const confirmed = clientAnswering(200, "draft-confirmed");
    const order = await confirmed.client.confirmDraftOrder("6c6d61a4-5b8e-4b0c-9d6f-2f1b3c4d5e6f");
    expect(order).toMatchObject({
      object: "order",
      status: "confirmed",
      courier: { waybill_id: "CGK4401238817" },
      stops: [],
    });
    expect(order.destination?.cash_on_delivery?.amount).toBeNull();
    expect(confirmed.seen[0]).toMatchObject({ method: "POST", body: undefined });

    const deleted = clientAnswering(200, "draft-deleted-without-id");
    expect(await deleted.client.deleteDraftOrder("6c6d61a4")).toMatchObject({ success: true });
  });

  it("an order retrieved, cancelled; the cancellation reasons", async () => {
    const got = await clientAnswering(200, "order-retrieved").client.getOrder(
      "5dd599ebdefcd4158eb8470b",
    );
    expect(got).toMatchObject({
      status: "picking_up",
      voucher: null,
      extra: null,
      destination: { postal_code: "60271", cash_on_delivery: { amount: 550000 } },
    });
    expect(got.courier?.history?.map((h) => normaliseOrderStatus(h.status))).toEqual([
      "confirmed",
      "allocated",
      "picking_up",
    ]);
    expect(
      await clientAnswering(200, "order-cancelled").client.cancelOrder("5dd599ebdefcd4158eb8470b", {
        cancellation_reason_code: "change_courier",
      }),
    ).toMatchObject({ status: "cancelled" });
    const reasons = await clientAnswering(
      200,
      "cancellation-reasons",
    ).client.getCancellationReasons("id");
    expect(reasons.cancellation_reasons.map((r) => r.code)).toEqual([
      "change_courier",
      "pickup_delay",
      "change_address",
      "others",
    ]);
  });

  it("rates (location details, string coordinates) and couriers", async () => {
    const { client, seen } = clientAnswering(200, "rates");
    const rates = await client.getRates({
      origin_latitude: -6.2886,
      origin_longitude: 106.7986,
      destination_latitude: "-6.2250",
      destination_longitude: "106.8700",
      couriers: "GRAB",
      items: request.items,
    });
    expect(rates.destination).toMatchObject({
      latitude: "-6.2250",
      administrative_division_level_3_name: "Jatinegara",
    });
    expect(rates.pricing[0]).toMatchObject({ courier_code: "grab", price: 39500 });
    expect(JSON.parse(seen[0]!.body!)).toMatchObject({
      couriers: "grab",
      destination_latitude: "-6.2250",
    });
    const couriers = await clientAnswering(200, "couriers").client.getCouriers();
    expect(couriers.couriers.map((c) => `${c.courier_code}/${c.courier_service_code}`)).toEqual([
      "jne/reg",
      "gojek/instant",
    ]);
  });

  it("locations with string postal codes and coordinates; update's message; delete's message", async () => {
    const created = await clientAnswering(200, "location-created").client.createLocation({
      name: "Gudang Cilandak",
      contact_name: "Budi",
      contact_phone: "081234567890",
      address: "Jl. Fatmawati No. 10",
      postal_code: "12410",
      latitude: "-6.2886",
      longitude: "106.7986",
      type: "origin",
    });
    expect(created).toMatchObject({
      id: "61d565c69a3211036a05f3f8",
      postal_code: "12410",
      latitude: "-6.2886",
    });
    expect(
      await clientAnswering(200, "location-updated").client.updateLocation(
        "61d565c69a3211036a05f3f8",
        { contact_name: "Sari" },
      ),
    ).toMatchObject({ message: "Location successfully updated", contact_name: "Sari" });
    expect(
      await clientAnswering(200, "location-deleted").client.deleteLocation(
        "61d565c69a3211036a05f3f8",
      ),
    ).toMatchObject({ message: "Location successfully been removed" });
  });

  it("areas, one area by id, tracking (messsage, camelCase statuses)", async () => {
    expect(
      (await clientAnswering(200, "areas").client.searchAreas("cilandak")).areas[0],
    ).toMatchObject({ postal_code: 12410 });
    const one = clientAnswering(200, "areas");
    expect((await one.client.getArea("IDNP6IDNC148IDND836IDZ12410")).areas).toHaveLength(1);
    expect(one.seen[0]!.url).toBe(
      "https://api.example.test/v1/maps/areas/IDNP6IDNC148IDND836IDZ12410",
    );
    const tracking = await clientAnswering(200, "tracking").client.getTracking(
      "6012c8f63f8f1d6b5e7a2c11",
    );
    expect(normaliseOrderStatus(tracking.status)).toBe("picking_up");
  });
});

describe("errors the client is given", () => {
  it("an error without a code keeps its message (and finds the field in it)", async () => {
    const error = await clientAnswering(400, "error-without-code")
      .client.getOrder("x")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShippingValidationError);
    expect(error).toMatchObject({
      code: null,
      status: 400,
      message: "Something went wrong with the destination_postal_code you sent",
      field: "destination_postal_code",
    });
  });

  it.each([
    ["error-origin-name", 40002014, "origin_contact_name"],
    ["error-destination-coordinate", 40002025, "destination_coordinate"],
    ["error-draft-cod-ceiling", 42211011, "destination_cash_on_delivery"],
  ])("%s: code %i is about %s", async (name, code, field) => {
    const error = await clientAnswering(400, name)
      .client.createDraftOrder(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShippingValidationError);
    expect(error).toMatchObject({ code, field });
  });

  it("40101003 is an authentication failure; 40002044 a state refusal", async () => {
    expect(
      await clientAnswering(401, "error-key-refused")
        .client.getCouriers()
        .catch((e: unknown) => e),
    ).toBeInstanceOf(ShippingAuthenticationError);
    // The same code with HTTP 400, as one client saw: still authentication.
    expect(
      await clientAnswering(400, "error-key-refused")
        .client.getCouriers()
        .catch((e: unknown) => e),
    ).toBeInstanceOf(ShippingAuthenticationError);
    const refused = await clientAnswering(400, "error-confirmed-order-update")
      .client.updateOrder("5dd599ebdefcd4158eb8470b", { order_note: "x" })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ShippingStateError);
    expect(refused).toMatchObject({ code: 40002044 });
  });

  it("a 429 with no body at all is still a rate limit with its Retry-After", async () => {
    const error = await clientAnswering(429, null, { "retry-after": "2" })
      .client.createDraftOrder(request)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ShippingRateLimitedError", retryAfterMs: 2000 });
  });
});

describe("events as the service sends them", () => {
  it.each(["event-status", "event-price", "event-waybill"])("%s parses", (name) => {
    const parsed = shippingEventSchema.safeParse(example(name));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it("a price event's price is its own field (there is no order_price)", () => {
    const parsed = shippingEventSchema.parse(example("event-price"));
    expect(parsed.event === "order.price" && parsed.price).toBe(44000);
  });

  it("statuses outside the 14 (in_transit included) normalise to null, never to a wrong status", () => {
    expect(normaliseOrderStatus("in_transit")).toBeNull();
    expect(normaliseOrderStatus("inTransit")).toBeNull();
    expect(normaliseOrderStatus("droppingOff")).toBe("dropping_off");
  });
});
