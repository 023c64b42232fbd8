import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createShippingClient } from "#app/shipping/client.server.ts";
import type { apiCaller } from "#test/helpers/sandbox.ts";
import { draftBody, sandboxForFile, testKey } from "#test/helpers/sandbox.ts";
import { shapeDifferences } from "#test/helpers/shape.ts";

/**
 * Whole responses: the sandbox's answer to each request has every key of the service's published
 * example answer for it, with the same JSON types, recursively (`test/fixtures/service/published/`,
 * each with its source page). Then the app's own client reads the sandbox's answers.
 */
interface Published {
  source: string;
  request: string;
  response: unknown;
}
const published = (name: string): Published =>
  JSON.parse(
    readFileSync(
      new URL(`../test/fixtures/service/published/${name}.json`, import.meta.url),
      "utf8",
    ),
  ) as Published;

const shared = sandboxForFile();
const api: ReturnType<typeof apiCaller> = (...args) => shared.api(...args);

/** Asserts the shape, naming every difference (and the page the example is from). */
function expectShape(name: string, answer: { status: number; body: unknown }, status = 200) {
  const { source, response } = published(name);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(shapeDifferences(response, answer.body), `${name}.json (${source})`).toEqual([]);
}

const people = {
  shipper_contact_name: "Toko Maju",
  shipper_contact_phone: "081234567890",
  shipper_contact_email: "halo@tokomaju.id",
  shipper_organization: "Toko Maju",
  origin_contact_email: "gudang@tokomaju.id",
  origin_note: "Dekat pintu masuk",
  destination_contact_email: "siti@example.id",
  destination_note: "Pagar hijau",
  order_note: "Mohon hati-hati",
  items: [
    {
      name: "Kemeja Batik Parang",
      description: "Katun, ukuran L",
      category: "fashion",
      value: 185000,
      quantity: 1,
      length: 30,
      width: 25,
      height: 5,
      weight: 300,
    },
  ],
};
/** Plaza Senayan to Lebak Bulus, as the documentation's own order examples. */
const betweenCoordinates = {
  origin_postal_code: 12440,
  origin_coordinate: { latitude: -6.2253114, longitude: 106.7993735 },
  destination_postal_code: 12950,
  destination_coordinate: { latitude: -6.28927, longitude: 106.77492 },
};

const location = (overrides: Record<string, unknown>) => ({
  name: "Apotek Gambir",
  contact_name: "Ahmad",
  contact_phone: "08123456789",
  address: "Jl. Gambir Selatan No. 5, Blok F 92, Jakarta Pusat",
  type: "origin",
  ...overrides,
});

const createOrder = async (key: string, overrides: Record<string, unknown> = {}) => {
  const answer = await api(
    "POST",
    "/v1/orders",
    key,
    draftBody({
      ...people,
      ...betweenCoordinates,
      courier_company: "sicepat",
      courier_type: "reg",
      courier_insurance: 500000,
      metadata: {},
      ...overrides,
    }),
  );
  return answer;
};
const allocated = async (key: string) => {
  const created = await createOrder(key);
  const id = created.body.id as string;
  const moved = await api("POST", `/_sandbox/orders/${id}/status`, null, { status: "allocated" });
  expect(moved.status).toBe(200);
  return (await api("GET", `/v1/orders/${id}`, key)).body as {
    id: string;
    courier: { tracking_id: string; waybill_id: string; company: string };
  };
};

describe("the shape check itself", () => {
  it("finds missing keys, objects answered as null, numbers as strings, and nested differences", () => {
    const example = { a: 1, b: { c: "x", d: null }, e: [{ f: true }], g: null };
    expect(shapeDifferences(example, { a: 2, b: { c: "y", d: 5 }, e: [], g: {} })).toEqual([]);
    expect(shapeDifferences(example, { a: "2", b: null, e: [{ f: "yes" }] })).toEqual([
      '$.a: number expected, got string ("2")',
      "$.b: object expected, got null (null)",
      '$.e[0].f: boolean expected, got string ("yes")',
      "$.g: missing",
    ]);
  });
});

describe("every answer has the published example's keys and types", () => {
  it("areas: search (single) and one area by id", async () => {
    const key = testKey();
    const search = await api(
      "GET",
      "/v1/maps/areas?countries=ID&input=Pesanggrahan&type=single",
      key,
    );
    expectShape("maps-areas", search);
    const first = (search.body.areas as { id: string }[])[0]!;
    expectShape("maps-areas", await api("GET", `/v1/maps/areas/${first.id}`, key));
  });

  it("rates from the nearest origin location, and a draft's rates", async () => {
    const key = testKey();
    const warehouse = await api(
      "POST",
      "/v1/locations",
      key,
      location({
        name: "Gudang Cilandak",
        address: "Jl. RS. Fatmawati Raya No. 29, Cilandak Barat, Jakarta Selatan",
        postal_code: 12430,
        latitude: -6.2906,
        longitude: 106.8004,
      }),
    );
    expect(warehouse.status).toBe(200);
    expectShape(
      "rates",
      await api("POST", "/v1/rates/couriers", key, {
        type: "origin_suggestion_to_closest_destination",
        destination_latitude: -6.2441792,
        destination_longitude: 106.783529,
        couriers: "sicepat,jne",
        items: [{ name: "Sepatu", value: 199000, weight: 200, quantity: 2 }],
      }),
    );
    const draft = await api(
      "POST",
      "/v1/draft_orders",
      key,
      draftBody({ destination_postal_code: 10210 }),
    );
    expectShape(
      "draft-rates",
      await api("GET", `/v1/draft_orders/${draft.body.id as string}/rates`, key),
    );
  });

  it("a draft as created and retrieved, then confirmed", async () => {
    const key = testKey();
    const body = draftBody({
      ...people,
      destination_postal_code: 10210,
      courier_company: "sicepat",
      courier_type: "reg",
      reference_id: "1001",
    });
    const created = await api("POST", "/v1/draft_orders", key, body);
    expectShape("draft-retrieved", created, 201);
    const id = created.body.id as string;
    expectShape("draft-retrieved", await api("GET", `/v1/draft_orders/${id}`, key));
    expectShape("draft-confirmed", await api("POST", `/v1/draft_orders/${id}/confirm`, key));
  });

  it("orders: created with cash on delivery, retrieved once allocated, cancelled, a used reference", async () => {
    const key = testKey();
    expectShape(
      "order-created",
      await createOrder(key, {
        destination_cash_on_delivery: 500000,
        destination_cash_on_delivery_type: "7_days",
      }),
    );
    const order = await allocated(key);
    expectShape("order-retrieved", await api("GET", `/v1/orders/${order.id}`, key));
    expectShape(
      "order-cancelled",
      await api("POST", `/v1/orders/${order.id}/cancel`, key, {
        cancellation_reason_code: "others",
        cancellation_reason: "Pembeli membatalkan pesanan",
      }),
    );
    await createOrder(key, { reference_id: "1001" });
    expectShape("order-reference-used", await createOrder(key, { reference_id: "1001" }), 400);
    expectShape(
      "cancellation-reasons",
      await api("GET", "/v1/orders/cancellation_reasons?lang=en", key),
    );
  });

  it("trackings by tracking id and by waybill; a waybill given as a tracking id", async () => {
    const key = testKey();
    const order = await allocated(key);
    const { tracking_id, waybill_id, company } = order.courier;
    expectShape("tracking", await api("GET", `/v1/trackings/${tracking_id}`, key));
    expectShape(
      "tracking",
      await api("GET", `/v1/trackings/${waybill_id}/couriers/${company}`, key),
    );
    expectShape("tracking-not-found", await api("GET", `/v1/trackings/${waybill_id}`, key), 400);
  });

  it("locations: created, retrieved, updated, deleted; the courier list", async () => {
    const key = testKey();
    const created = await api(
      "POST",
      "/v1/locations",
      key,
      location({ postal_code: "10110", latitude: "-6.1754", longitude: "106.8272" }),
    );
    expectShape("location-created", created);
    const id = created.body.id as string;
    expectShape("location-retrieved", await api("GET", `/v1/locations/${id}`, key));
    expectShape(
      "location-updated",
      await api("POST", `/v1/locations/${id}`, key, { name: "Apotek Monas" }),
    );
    expectShape("location-deleted", await api("DELETE", `/v1/locations/${id}`, key));
    expectShape("couriers", await api("GET", "/v1/couriers", key));
  });
});

describe("the answers the issue found incomplete", () => {
  it("a draft without cash on delivery has an object of nulls; deleting answers a code; proof of delivery a fee currency", async () => {
    const key = testKey();
    const draft = await api("POST", "/v1/draft_orders", key, draftBody());
    const destination = draft.body.destination as Record<string, Record<string, unknown>>;
    expect(destination.cash_on_delivery).toEqual({
      payment_method: null,
      amount: null,
      amount_currency: "IDR",
      note: null,
      type: null,
    });
    expect(destination.proof_of_delivery).toMatchObject({ fee_currency: "IDR" });
    const deleted = await api("DELETE", `/v1/draft_orders/${draft.body.id as string}`, key);
    expect(deleted.body).toMatchObject({ success: true, code: 20011005 });
  });

  it("an order's cash-on-delivery object carries status, payment status and method; paid once delivered", async () => {
    const key = testKey();
    const cod = await createOrder(key, { destination_cash_on_delivery: 250000 });
    const codOf = (body: Record<string, unknown>) =>
      (body.destination as Record<string, unknown>).cash_on_delivery;
    expect(codOf(cod.body)).toMatchObject({
      amount: 250000,
      type: "7_days",
      status: null,
      payment_status: "pending",
      payment_method: "cash",
    });
    const id = cod.body.id as string;
    await api("POST", `/_sandbox/orders/${id}/status`, null, { status: "delivered" });
    expect(codOf((await api("GET", `/v1/orders/${id}`, key)).body)).toMatchObject({
      payment_status: "paid",
    });
  });

  it("rates name a fourth level and the address of a location; tracking answers message as well as messsage", async () => {
    const key = testKey();
    const rates = await api("POST", "/v1/rates/couriers", key, {
      origin_postal_code: 12430,
      destination_postal_code: 10210,
      couriers: "jne",
      items: [{ name: "Kemeja", value: 150000, weight: 300, quantity: 1 }],
    });
    expect(rates.body.origin).toMatchObject({
      administrative_division_level_3_name: "Cilandak",
      administrative_division_level_4_name: "Cilandak Barat",
      administrative_division_level_4_type: "subdistrict",
      address: null,
    });
    expect(rates.body.destination).toMatchObject({
      administrative_division_level_2_name: "Jakarta Pusat",
      administrative_division_level_3_name: "Tanah Abang",
      administrative_division_level_4_name: "Bendungan Hilir",
    });
    const order = await allocated(key);
    const tracking = await api("GET", `/v1/trackings/${order.courier.tracking_id}`, key);
    expect(tracking.body).toMatchObject({
      messsage: "Successfully get tracking info",
      message: "Successfully get tracking info",
    });
  });
});

describe("the app's client reads the sandbox's answers", () => {
  it("every call the client makes parses, with the fields the app uses", async () => {
    const key = testKey();
    const client = createShippingClient({ baseUrl: shared.sandbox.url, apiKey: key });
    const areas = await client.searchAreas("Magelang");
    expect(areas.areas[0]?.administrative_division_level_1_name).toBe("Jawa Tengah");
    expect((await client.getArea(areas.areas[0]!.id)).areas[0]?.id).toBe(areas.areas[0]!.id);
    const rates = await client.getRates({
      origin_area_id: areas.areas[0]!.id,
      destination_postal_code: 10210,
      couriers: "jne",
      items: [{ name: "Kemeja", value: 150000, weight: 300, quantity: 1 }],
    });
    expect(rates.origin?.administrative_division_level_2_name).toBe("Magelang");
    expect(rates.destination?.administrative_division_level_4_name).toBe("Bendungan Hilir");

    const draft = await client.createDraftOrder(
      draftBody({ courier_company: "jne", courier_type: "reg" }),
    );
    expect(draft.destination?.cash_on_delivery).toMatchObject({ amount: null });
    expect(draft.destination?.proof_of_delivery).toMatchObject({ fee_currency: "IDR" });
    const order = await client.confirmDraftOrder(draft.id);
    expect(order.destination?.cash_on_delivery).toMatchObject({ payment_status: "pending" });
    const tracking = await client.getTracking(order.courier!.tracking_id!);
    expect(tracking.order_id).toBe(order.id);
    expect(
      await client.getPublicTracking(order.courier!.waybill_id!, "jne").then((t) => t.id),
    ).toBe(order.courier!.tracking_id);
    const missing = await client.getTracking(order.courier!.waybill_id!).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: "ShippingNotFoundError", code: 40003001 });

    const second = await client.createDraftOrder(draftBody());
    expect(await client.deleteDraftOrder(second.id)).toMatchObject({ code: 20011005 });
    expect((await client.getCouriers()).couriers.length).toBeGreaterThan(10);
  });
});
