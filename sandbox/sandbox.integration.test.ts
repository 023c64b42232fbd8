import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CODES } from "#app/shipping/contract.ts";
import {
  JAKARTA_A,
  JAKARTA_B,
  apiCaller,
  draftBody,
  liveKey,
  resetSandbox,
  testKey,
} from "#test/helpers/sandbox.ts";
import { createSandbox, type Sandbox } from "./server.ts";

/** Conformance of the sandbox to the contract, over real HTTP. */
let sandbox: Sandbox;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  sandbox = await createSandbox({
    port: 0,
    rateLimits: false,
    webhookRetryDelaysMs: [50, 100, 200],
  });
  api = apiCaller(sandbox.url);
});
afterAll(() => sandbox.close());
const clock = { ms: 0 };
beforeEach(() => resetSandbox(sandbox, clock));

const createReady = async (key: string, overrides = {}) => {
  const r = await api(
    "POST",
    "/v1/draft_orders",
    key,
    draftBody({ courier_company: "jne", courier_type: "reg", ...overrides }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; price: number; reference_id: string | null };
};
const createOrder = async (key: string, overrides = {}) => {
  const draft = await createReady(key, overrides);
  const r = await api("POST", `/v1/draft_orders/${draft.id}/confirm`, key);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as {
    id: string;
    status: string;
    courier: { waybill_id: string; tracking_id: string; link: string };
  };
};

describe("authentication and envelopes", () => {
  it("answers 401/40101001 without an authorization header", async () => {
    const r = await api("GET", "/v1/couriers", null);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({
      success: false,
      error: expect.stringMatching(/authorization/i),
      code: CODES.missingKey,
    });
  });

  it("answers 400/40000001 for a key of another form", async () => {
    const r = await api("GET", "/v1/couriers", "sk_live_1234");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: CODES.invalidKey });
  });

  it("accepts the raw key and the Bearer form", async () => {
    const key = testKey();
    expect((await api("GET", "/v1/couriers", key)).status).toBe(200);
    expect((await api("GET", "/v1/couriers", `Bearer ${key}`)).status).toBe(200);
    expect((await api("GET", "/v1/couriers", liveKey())).status).toBe(200);
  });

  it("answers malformed JSON, non-object bodies, unknown routes and oversized bodies in the envelope", async () => {
    const key = testKey();
    const malformed = await api("POST", "/v1/draft_orders", key, undefined, "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      success: false,
      code: CODES.badRequest,
      error: expect.stringMatching(/JSON/),
    });
    const array = await api("POST", "/v1/draft_orders", key, [1, 2]);
    expect(array.status).toBe(400);
    const unknown = await api("GET", "/v1/nothing-here", key);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: CODES.notFound });
    const wrongMethod = await api("PUT", "/v1/draft_orders", key, {});
    expect(wrongMethod.status).toBe(405);
    const big = await api(
      "POST",
      "/v1/draft_orders",
      key,
      undefined,
      JSON.stringify({ pad: "x".repeat(1_100_000) }),
    );
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ success: false, code: CODES.payloadTooLarge });
  });
});

describe("tenancy", () => {
  it("one key never sees another key's drafts, orders or locations", async () => {
    const a = testKey("a");
    const b = testKey("b");
    const draft = await createReady(a);
    const order = await createOrder(a);
    const location = await api("POST", "/v1/locations", a, {
      name: "Gudang",
      contact_name: "A",
      contact_phone: "0812",
      address: "Jl. A",
      postal_code: 12430,
      type: "origin",
    });
    expect(location.status).toBe(200);

    expect((await api("GET", `/v1/draft_orders/${draft.id}`, b)).body).toMatchObject({
      code: CODES.draftNotFound,
    });
    expect((await api("POST", `/v1/draft_orders/${draft.id}/confirm`, b)).status).toBe(404);
    expect((await api("DELETE", `/v1/draft_orders/${draft.id}`, b)).status).toBe(404);
    expect((await api("GET", `/v1/orders/${order.id}`, b)).body).toMatchObject({
      code: CODES.orderNotFound,
    });
    expect(
      (
        await api("POST", `/v1/orders/${order.id}/cancel`, b, {
          cancellation_reason_code: "pickup_delay",
        })
      ).body,
    ).toMatchObject({ code: CODES.orderNotFound });
    expect((await api("GET", `/v1/locations/${location.body.id}`, b)).status).toBe(404);
    expect((await api("GET", `/v1/trackings/${order.courier.tracking_id}`, b)).status).toBe(400);
    // The owner still sees all of it, and a reference used by A is free for B.
    expect((await api("GET", `/v1/draft_orders/${draft.id}`, a)).status).toBe(200);
    await createReady(a, { reference_id: "shared-ref" });
    await createReady(b, { reference_id: "shared-ref" });
  });
});

describe("locations", () => {
  it("create, retrieve, update, delete", async () => {
    const key = testKey();
    const created = await api("POST", "/v1/locations", key, {
      name: "Gudang Utama",
      contact_name: "Budi",
      contact_phone: "0812",
      address: "Jl. Fatmawati 10",
      postal_code: 12430,
      latitude: -6.28,
      longitude: 106.79,
      type: "origin",
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: "Gudang Utama",
      postal_code: 12430,
    });
    const id = created.body.id as string;
    expect((await api("GET", `/v1/locations/${id}`, key)).body).toMatchObject({
      id,
      contact_name: "Budi",
    });
    const updated = await api("POST", `/v1/locations/${id}`, key, { contact_name: "Sari" });
    expect(updated.body).toMatchObject({ id, contact_name: "Sari", address: "Jl. Fatmawati 10" });
    expect((await api("DELETE", `/v1/locations/${id}`, key)).body).toEqual({
      success: true,
      id,
      message: expect.any(String),
    });
    expect((await api("GET", `/v1/locations/${id}`, key)).status).toBe(404);
  });

  it("validates and names the field", async () => {
    const r = await api("POST", "/v1/locations", testKey(), {
      name: "X",
      contact_name: "A",
      contact_phone: "1",
      address: "a",
      postal_code: "abc",
      type: "origin",
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/postal_code/);
    const t = await api("POST", "/v1/locations", testKey(), {
      name: "X",
      contact_name: "A",
      contact_phone: "1",
      address: "a",
      postal_code: 12430,
      type: "warehouse",
    });
    expect(t.body.error).toMatch(/type/);
  });

  it("serves as a draft's origin through origin_location_id", async () => {
    const key = testKey();
    const loc = await api("POST", "/v1/locations", key, {
      name: "G",
      contact_name: "Gudang",
      contact_phone: "0812",
      address: "Jl. G",
      postal_code: 12190,
      type: "origin",
    });
    const body = draftBody({ origin_location_id: loc.body.id as string });
    for (const f of [
      "origin_contact_name",
      "origin_contact_phone",
      "origin_address",
      "origin_postal_code",
    ])
      delete body[f];
    const r = await api("POST", "/v1/draft_orders", key, body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.origin).toMatchObject({ contact_name: "Gudang", postal_code: 12190 });
  });
});

describe("draft orders", () => {
  it("created without courier is placed, with no price", async () => {
    const key = testKey();
    const r = await api(
      "POST",
      "/v1/draft_orders",
      key,
      draftBody({ reference_id: "ORD-1001", tags: ["vip"], metadata: { shop: "x" } }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      success: true,
      code: CODES.draftCreated,
      object: "draft_order",
      status: "placed",
      order_id: null,
      price: null,
      reference_id: "ORD-1001",
      tags: ["vip"],
      metadata: { shop: "x" },
      ready_at: null,
      confirmed_at: null,
      deleted_at: null,
      currency: "IDR",
    });
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.placed_at).toEqual(expect.any(String));
    expect((r.body.items as { category: string }[]).map((i) => i.category)).toEqual([
      "fashion",
      "others",
    ]);
    expect(r.body.destination).toMatchObject({
      city_name: "Surabaya",
      postal_code: 60271,
      cash_on_delivery: { amount: null, payment_method: null, type: null },
      proof_of_delivery: { use: false },
    });
  });

  it("created with courier (any case) is ready and priced; retrieve answers 20011004", async () => {
    const key = testKey();
    const draft = await createReady(key, { courier_company: "JNE", courier_type: "REG" });
    const r = await api("GET", `/v1/draft_orders/${draft.id}`, key);
    expect(r.body).toMatchObject({
      code: CODES.draftRetrieved,
      status: "ready",
      courier: { company: "jne", type: "reg" },
    });
    expect(r.body.price).toBeGreaterThan(0);
    expect(r.body.ready_at).toEqual(expect.any(String));
  });

  it("update with a courier moves placed to ready; clearing an instant courier's coordinate moves it back", async () => {
    const key = testKey();
    const placed = await api(
      "POST",
      "/v1/draft_orders",
      key,
      draftBody({
        origin_coordinate: JAKARTA_A,
        destination_coordinate: JAKARTA_B,
        destination_postal_code: 13220,
      }),
    );
    const id = placed.body.id as string;
    const rates = await api("GET", `/v1/draft_orders/${id}/rates`, key);
    expect(rates.body).toMatchObject({ success: true, code: CODES.draftRates });
    const pricing = rates.body.pricing as {
      courier_code: string;
      courier_service_code: string;
      price: number;
    }[];
    const grab = pricing.find(
      (p) => p.courier_code === "grab" && p.courier_service_code === "instant",
    );
    expect(grab).toBeDefined();

    const ready = await api("POST", `/v1/draft_orders/${id}`, key, {
      courier_company: "grab",
      courier_type: "instant",
    });
    expect(ready.body).toMatchObject({
      code: CODES.draftUpdated,
      status: "ready",
      price: grab!.price,
    });
    const back = await api("POST", `/v1/draft_orders/${id}`, key, { destination_coordinate: null });
    expect(back.body).toMatchObject({
      status: "placed",
      courier: { company: null, type: null },
      ready_at: null,
    });
  });

  it("refuses an update to a courier the draft has no rate for", async () => {
    const key = testKey();
    // Jakarta to Surabaya is far beyond an instant courier's range.
    const placed = await api(
      "POST",
      "/v1/draft_orders",
      key,
      draftBody({
        origin_coordinate: JAKARTA_A,
        destination_coordinate: { latitude: -7.2575, longitude: 112.7521 },
      }),
    );
    const r = await api("POST", `/v1/draft_orders/${placed.body.id}`, key, {
      courier_company: "gojek",
      courier_type: "instant",
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: CODES.courierTypeUnknown });
  });

  it("confirm: only from ready; creates an order linked by reference_id; not twice", async () => {
    const key = testKey();
    const placed = await api(
      "POST",
      "/v1/draft_orders",
      key,
      draftBody({ reference_id: "ORD-2002" }),
    );
    const notReady = await api("POST", `/v1/draft_orders/${placed.body.id}/confirm`, key);
    expect(notReady.status).toBe(422);
    expect(notReady.body).toMatchObject({ success: false, code: CODES.draftNotReady });

    await api("POST", `/v1/draft_orders/${placed.body.id}`, key, {
      courier_company: "sicepat",
      courier_type: "reg",
    });
    const confirmed = await api("POST", `/v1/draft_orders/${placed.body.id}/confirm`, key);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      success: true,
      message: "Order successfully created",
      object: "order",
      draft_order_id: placed.body.id,
      reference_id: "ORD-2002",
      status: "confirmed",
      courier: {
        company: "sicepat",
        type: "reg",
        waybill_id: expect.any(String),
        tracking_id: expect.any(String),
        link: expect.stringContaining("/track/"),
      },
    });
    expect(confirmed.body.id).toMatch(/^[0-9a-f]{24}$/);
    expect(confirmed.body).not.toHaveProperty("code");

    const draft = await api("GET", `/v1/draft_orders/${placed.body.id}`, key);
    expect(draft.body).toMatchObject({
      status: "confirmed",
      order_id: confirmed.body.id,
      confirmed_at: expect.any(String),
    });
    const again = await api("POST", `/v1/draft_orders/${placed.body.id}/confirm`, key);
    expect(again.body).toMatchObject({
      code: CODES.draftAlreadyConfirmed,
      details: { order_id: confirmed.body.id },
    });
    const del = await api("DELETE", `/v1/draft_orders/${placed.body.id}`, key);
    expect(del.body).toMatchObject({ code: CODES.draftAlreadyConfirmed });
    const update = await api("POST", `/v1/draft_orders/${placed.body.id}`, key, {
      order_note: "x",
    });
    expect(update.body).toMatchObject({ code: CODES.draftAlreadyConfirmed });
  });

  it("delete: placed or ready only; deleted drafts stay deleted and free their reference", async () => {
    const key = testKey();
    const draft = await createReady(key, { reference_id: "ORD-3003" });
    const del = await api("DELETE", `/v1/draft_orders/${draft.id}`, key);
    expect(del.body).toEqual({
      success: true,
      code: CODES.draftDeleted,
      object: "draft_order",
      id: draft.id,
      message: expect.any(String),
    });
    const seen = await api("GET", `/v1/draft_orders/${draft.id}`, key);
    expect(seen.body.deleted_at).toEqual(expect.any(String));
    expect((await api("POST", `/v1/draft_orders/${draft.id}/confirm`, key)).body).toMatchObject({
      code: CODES.draftNotFound,
    });
    expect((await api("DELETE", `/v1/draft_orders/${draft.id}`, key)).body).toMatchObject({
      code: CODES.draftNotFound,
    });
    await createReady(key, { reference_id: "ORD-3003" });
  });

  it("reference_id is unique among drafts; the error names the draft that has it", async () => {
    const key = testKey();
    const first = await createReady(key, { reference_id: "ORD-4004" });
    const dup = await api("POST", "/v1/draft_orders", key, draftBody({ reference_id: "ORD-4004" }));
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({
      success: false,
      code: CODES.draftReferenceUsed,
      error: expect.stringContaining("reference_id"),
      details: { draft_order_id: first.id, reference_id: "ORD-4004" },
    });
  });

  it("unknown draft ids answer 404/40411007", async () => {
    const r = await api("GET", "/v1/draft_orders/00000000-0000-4000-8000-000000000000", testKey());
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, code: CODES.draftNotFound });
  });
});

describe("validation rules (each failure: envelope, code, field named)", () => {
  type Case = [string, Record<string, unknown>, number, RegExp];
  const strip = (...fields: string[]) => Object.fromEntries(fields.map((f) => [f, undefined]));
  const cases: Case[] = [
    ["delivery_type missing", strip("delivery_type"), CODES.deliveryTypeMissing, /delivery_type/],
    [
      "delivery_type invalid",
      { delivery_type: "later" },
      CODES.deliveryTypeInvalid,
      /delivery_type/,
    ],
    [
      "origin contact name missing",
      strip("origin_contact_name"),
      CODES.originNameMissing,
      /origin_contact_name/,
    ],
    [
      "origin phone missing",
      strip("origin_contact_phone"),
      CODES.originPhoneMissing,
      /origin_contact_phone/,
    ],
    [
      "origin address missing",
      strip("origin_address"),
      CODES.originAddressMissing,
      /origin_address/,
    ],
    [
      "destination contact name missing",
      strip("destination_contact_name"),
      CODES.destinationNameMissing,
      /destination_contact_name/,
    ],
    [
      "destination phone missing",
      strip("destination_contact_phone"),
      CODES.destinationPhoneMissing,
      /destination_contact_phone/,
    ],
    [
      "destination address missing",
      strip("destination_address"),
      CODES.destinationAddressMissing,
      /destination_address/,
    ],
    [
      "origin without locator",
      strip("origin_postal_code"),
      CODES.originLocatorMissing,
      /origin_postal_code/,
    ],
    [
      "destination without locator",
      strip("destination_postal_code"),
      CODES.destinationLocatorMissing,
      /destination_postal_code/,
    ],
    [
      "unknown area id",
      { destination_postal_code: undefined, destination_area_id: "IDNP0NOPE" },
      CODES.destinationLocatorMissing,
      /destination_area_id/,
    ],
    [
      "postal code not a 5-digit number",
      { destination_postal_code: 123 },
      CODES.draftPostalCode,
      /destination_postal_code/,
    ],
    [
      "origin coordinate incomplete",
      { origin_coordinate: { latitude: -6.2 } },
      CODES.originCoordinateIncomplete,
      /origin_coordinate/,
    ],
    [
      "destination coordinate incomplete",
      { destination_coordinate: { longitude: 106 } },
      CODES.destinationCoordinateIncomplete,
      /destination_coordinate/,
    ],
    [
      "instant courier without origin coordinate",
      { courier_company: "grab", courier_type: "instant", destination_coordinate: JAKARTA_B },
      CODES.courierNeedsOriginCoordinate,
      /origin_coordinate/,
    ],
    [
      "instant courier without destination coordinate",
      { courier_company: "gojek", courier_type: "instant", origin_coordinate: JAKARTA_A },
      CODES.courierNeedsDestinationCoordinate,
      /destination_coordinate/,
    ],
    [
      "courier company unknown",
      { courier_company: "fedex", courier_type: "reg" },
      CODES.courierUnknown,
      /courier_company/,
    ],
    [
      "courier type unknown",
      { courier_company: "jne", courier_type: "hyperloop" },
      CODES.courierTypeUnknown,
      /courier_type/,
    ],
    [
      "courier company without type",
      { courier_company: "jne" },
      CODES.courierTypeUnknown,
      /courier_type/,
    ],
    [
      "courier type without company",
      { courier_type: "reg" },
      CODES.courierUnknown,
      /courier_company/,
    ],
    [
      "COD above the ceiling",
      { destination_cash_on_delivery: 15_000_001 },
      CODES.draftCodTooHigh,
      /destination_cash_on_delivery/,
    ],
    [
      "COD type invalid",
      { destination_cash_on_delivery: 100000, destination_cash_on_delivery_type: "9_days" },
      CODES.draftCodTypeInvalid,
      /destination_cash_on_delivery_type/,
    ],
    [
      "COD with a courier that has none",
      { destination_cash_on_delivery: 100000, courier_company: "tiki", courier_type: "reg" },
      CODES.draftCourierNoCod,
      /destination_cash_on_delivery/,
    ],
    [
      "COD type without amount",
      { destination_cash_on_delivery_type: "3_days" },
      CODES.draftCodTypeInvalid,
      /destination_cash_on_delivery/,
    ],
    [
      "proof of delivery without note",
      { destination_proof_of_delivery: true },
      CODES.podNoteRequired,
      /destination_proof_of_delivery_note/,
    ],
    [
      "proof of delivery with a courier that has none",
      {
        destination_proof_of_delivery: true,
        destination_proof_of_delivery_note: "Photo",
        courier_company: "sicepat",
        courier_type: "reg",
      },
      CODES.courierNoPod,
      /destination_proof_of_delivery/,
    ],
    [
      "insurance with a courier that has none",
      { courier_insurance: 500000, courier_company: "tiki", courier_type: "eko" },
      CODES.courierNoInsurance,
      /courier_insurance/,
    ],
    [
      "scheduled without date",
      { delivery_type: "scheduled", delivery_time: "10:00" },
      CODES.deliveryDateMissing,
      /delivery_date/,
    ],
    [
      "scheduled without time",
      { delivery_type: "scheduled", delivery_date: "2099-01-01" },
      CODES.deliveryTimeMissing,
      /delivery_time/,
    ],
    [
      "date format",
      { delivery_type: "scheduled", delivery_date: "01/02/2099", delivery_time: "10:00" },
      CODES.dateFormat,
      /delivery_date/,
    ],
    [
      "time format",
      { delivery_type: "scheduled", delivery_date: "2099-01-01", delivery_time: "10am" },
      CODES.timeFormat,
      /delivery_time/,
    ],
    [
      "scheduled in the past",
      { delivery_type: "scheduled", delivery_date: "2020-01-01", delivery_time: "10:00" },
      CODES.timePassed,
      /past/,
    ],
    ["items missing", { items: undefined }, CODES.draftBadRequest, /items/],
    ["items empty", { items: [] }, CODES.draftBadRequest, /items/],
    [
      "item weight missing",
      { items: [{ name: "A", value: 1, quantity: 1 }] },
      CODES.draftBadRequest,
      /items\[0\]\.weight/,
    ],
    [
      "item weight zero",
      { items: [{ name: "A", value: 1, quantity: 1, weight: 0 }] },
      CODES.draftBadRequest,
      /items\[0\]\.weight/,
    ],
    [
      "item value a string",
      { items: [{ name: "A", value: "10", quantity: 1, weight: 5 }] },
      CODES.draftBadRequest,
      /items\[0\]\.value/,
    ],
    [
      "item quantity fractional",
      { items: [{ name: "A", value: 1, quantity: 1.5, weight: 5 }] },
      CODES.draftBadRequest,
      /items\[0\]\.quantity/,
    ],
    [
      "item name missing",
      { items: [{ value: 1, quantity: 1, weight: 5 }] },
      CODES.draftBadRequest,
      /items\[0\]\.name/,
    ],
    [
      "item category unknown",
      { items: [{ name: "A", value: 1, quantity: 1, weight: 5, category: "weapons" }] },
      CODES.draftBadRequest,
      /items\[0\]\.category/,
    ],
    [
      "collection method unknown",
      { origin_collection_method: "teleport" },
      CODES.draftBadRequest,
      /origin_collection_method/,
    ],
    [
      "collection method the courier lacks",
      { origin_collection_method: "drop_off", courier_company: "jne", courier_type: "yes" },
      CODES.draftBadRequest,
      /origin_collection_method/,
    ],
    ["tags not strings", { tags: [1, 2] }, CODES.tagsNotArray, /tags/],
    ["metadata not an object", { metadata: "x" }, CODES.draftBadRequest, /metadata/],
  ];

  it.each(cases)("%s", async (_name, overrides, code, field) => {
    const r = await api("POST", "/v1/draft_orders", testKey(), draftBody(overrides));
    expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body).toMatchObject({ success: false, code });
    expect(r.body.error).toMatch(field);
  });

  it("the same rules answer in the orders module's codes on POST /v1/orders", async () => {
    const key = testKey();
    const noCourier = await api("POST", "/v1/orders", key, draftBody());
    expect(noCourier.body).toMatchObject({ code: CODES.courierUnknown });
    const cod = await api(
      "POST",
      "/v1/orders",
      key,
      draftBody({
        courier_company: "jne",
        courier_type: "reg",
        destination_cash_on_delivery: 20_000_000,
      }),
    );
    expect(cod.body).toMatchObject({ code: CODES.codTooHigh });
    const codCourier = await api(
      "POST",
      "/v1/orders",
      key,
      draftBody({
        courier_company: "tiki",
        courier_type: "reg",
        destination_cash_on_delivery: 1000,
      }),
    );
    expect(codCourier.body).toMatchObject({ code: CODES.courierNoCod });
    const codType = await api(
      "POST",
      "/v1/orders",
      key,
      draftBody({
        courier_company: "jne",
        courier_type: "reg",
        destination_cash_on_delivery: 1000,
        destination_cash_on_delivery_type: "1_day",
      }),
    );
    expect(codType.body).toMatchObject({ code: CODES.codTypeInvalid });
  });

  it("a valid scheduled delivery is accepted and its order starts scheduled", async () => {
    const key = testKey();
    const order = await createOrder(key, {
      delivery_type: "scheduled",
      delivery_date: "2099-06-01",
      delivery_time: "09:30",
    });
    expect(order.status).toBe("scheduled");
  });
});

describe("orders", () => {
  it("create (courier required), retrieve; update only while scheduled", async () => {
    const key = testKey();
    const created = await api(
      "POST",
      "/v1/orders",
      key,
      draftBody({ courier_company: "anteraja", courier_type: "reg", reference_id: "DIRECT-1" }),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      object: "order",
      status: "confirmed",
      draft_order_id: null,
      reference_id: "DIRECT-1",
    });
    const id = created.body.id as string;
    expect((await api("GET", `/v1/orders/${id}`, key)).body).toMatchObject({
      id,
      status: "confirmed",
    });
    const refused = await api("POST", `/v1/orders/${id}`, key, {
      destination_note: "Leave at the gate",
    });
    expect(refused.body).toMatchObject({ success: false, code: CODES.updateAlreadyConfirmed });
    const scheduled = await api(
      "POST",
      "/v1/orders",
      key,
      draftBody({
        courier_company: "jne",
        courier_type: "reg",
        delivery_type: "scheduled",
        delivery_date: "2099-01-02",
        delivery_time: "10:00",
      }),
    );
    expect(scheduled.body.status).toBe("scheduled");
    const updated = await api("POST", `/v1/orders/${scheduled.body.id as string}`, key, {
      destination_note: "Leave at the gate",
    });
    expect(updated.body).toMatchObject({
      id: scheduled.body.id,
      destination: { note: "Leave at the gate" },
    });
  });

  it("reference_id is unique among orders; the error carries the existing order", async () => {
    const key = testKey();
    const first = await createOrder(key, { reference_id: "ORD-5005" });
    const dup = await api(
      "POST",
      "/v1/orders",
      key,
      draftBody({ courier_company: "jne", courier_type: "reg", reference_id: "ORD-5005" }),
    );
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({
      code: CODES.referenceUsed,
      details: {
        order_id: first.id,
        waybill_id: first.courier.waybill_id,
        reference_id: "ORD-5005",
      },
    });
  });

  it("unknown order ids answer 400/40002057, as the live service does", async () => {
    const r = await api("GET", "/v1/orders/0123456789abcdef01234567", testKey());
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: CODES.orderNotFound });
  });

  it.each([
    ["allocated", CODES.updateAlreadyConfirmed],
    ["picked", CODES.updateInProcess],
    ["delivered", CODES.updateDelivered],
    ["cancelled", CODES.updateCancelled],
    ["returned", CODES.updateFailed],
  ])("update in status %s answers %i", async (status, code) => {
    const key = testKey();
    const order = await createOrder(key);
    await api("POST", `/_sandbox/orders/${order.id}/status`, null, { status });
    const r = await api("POST", `/v1/orders/${order.id}`, key, { order_note: "x" });
    expect(r.body).toMatchObject({ success: false, code });
  });

  it("cancel: reason codes validated; cancellable statuses only", async () => {
    const key = testKey();
    const order = await createOrder(key);
    expect(
      (
        await api("POST", `/v1/orders/${order.id}/cancel`, key, {
          cancellation_reason_code: "bored",
        })
      ).body.error,
    ).toMatch(/cancellation_reason_code/);
    expect(
      (
        await api("POST", `/v1/orders/${order.id}/cancel`, key, {
          cancellation_reason_code: "others",
        })
      ).body.error,
    ).toMatch(/cancellation_reason/);
    const ok = await api("POST", `/v1/orders/${order.id}/cancel`, key, {
      cancellation_reason_code: "change_address",
      cancellation_reason: "Wrong street",
    });
    expect(ok.body).toEqual({
      success: true,
      message: expect.any(String),
      object: "order",
      id: order.id,
      status: "cancelled",
      cancellation_reason_code: "change_address",
      cancellation_reason: "Wrong street",
    });
    expect(
      (
        await api("POST", `/v1/orders/${order.id}/cancel`, key, {
          cancellation_reason_code: "pickup_delay",
        })
      ).body,
    ).toMatchObject({ code: CODES.cancelNotAllowed });

    for (const status of ["scheduled", "allocated", "picking_up"]) {
      const o = await createOrder(key);
      await api("POST", `/_sandbox/orders/${o.id}/status`, null, { status });
      expect(
        (
          await api("POST", `/v1/orders/${o.id}/cancel`, key, {
            cancellation_reason_code: "pickup_delay",
          })
        ).body.status,
      ).toBe("cancelled");
    }
    for (const status of ["picked", "dropping_off", "delivered", "returned"]) {
      const o = await createOrder(key);
      await api("POST", `/_sandbox/orders/${o.id}/status`, null, { status });
      const r = await api("POST", `/v1/orders/${o.id}/cancel`, key, {
        cancellation_reason_code: "pickup_delay",
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        code: CODES.cancelNotAllowed,
        error: expect.stringContaining(status),
      });
    }
  });

  it("the deprecated DELETE cancels with the same answer", async () => {
    const key = testKey();
    const order = await createOrder(key);
    const r = await api("DELETE", `/v1/orders/${order.id}`, key, {
      cancellation_reason: "Customer changed mind",
    });
    expect(r.body).toMatchObject({
      success: true,
      object: "order",
      id: order.id,
      status: "cancelled",
      cancellation_reason: "Customer changed mind",
    });
  });

  it("lists cancellation reasons in English and Indonesian", async () => {
    const en = await api("GET", "/v1/orders/cancellation_reasons?lang=en", testKey());
    const id = await api("GET", "/v1/orders/cancellation_reasons?lang=id", testKey());
    const codes = (r: typeof en) =>
      (r.body.cancellation_reasons as { code: string }[]).map((c) => c.code);
    expect(codes(en)).toEqual(["change_courier", "pickup_delay", "change_address", "others"]);
    expect(codes(id)).toEqual(codes(en));
    expect(JSON.stringify(id.body)).toContain("Ingin mengganti kurir");
  });
});

describe("order lifecycle", () => {
  it("the clock moves a parcel order along confirmed → … → delivered and stops there", async () => {
    const key = testKey();
    const order = await createOrder(key);
    const seen = ["confirmed"];
    for (let i = 0; i < 8; i++) {
      await api("POST", "/_sandbox/clock/tick", null);
      const status = (await api("GET", `/v1/orders/${order.id}`, key)).body.status as string;
      if (status !== seen.at(-1)) seen.push(status);
    }
    expect(seen).toEqual([
      "confirmed",
      "allocated",
      "picking_up",
      "picked",
      "dropping_off",
      "delivered",
    ]);
    const history = (
      (await api("GET", `/v1/orders/${order.id}`, key)).body.courier as {
        history: { status: string }[];
      }
    ).history;
    expect(history.map((h) => h.status)).toEqual(seen);
  });

  it("instant couriers take the same path; any status can be set through the control endpoint", async () => {
    const key = testKey();
    const order = await createOrder(key, {
      courier_company: "grab",
      courier_type: "instant",
      origin_coordinate: JAKARTA_A,
      destination_coordinate: JAKARTA_B,
    });
    for (let i = 0; i < 4; i++) await api("POST", "/_sandbox/clock/tick", null);
    expect((await api("GET", `/v1/orders/${order.id}`, key)).body.status).toBe("dropping_off");
    const forced = await api("POST", `/_sandbox/orders/${order.id}/status`, null, {
      status: "courier_not_found",
    });
    expect(forced.body.status).toBe("courier_not_found");
    expect(
      (await api("POST", `/_sandbox/orders/${order.id}/status`, null, { status: "lost_in_space" }))
        .status,
    ).toBe(400);
  });

  it("a service without an instant waybill is confirmed without one; the courier's allocation gives it", async () => {
    const key = testKey();
    const heavy = {
      items: [{ name: "Karung beras 25 kg", value: 350000, quantity: 1, weight: 25000 }],
    };
    const rate = (
      await api("POST", "/v1/rates/couriers", key, {
        origin_postal_code: 12430,
        destination_postal_code: 60271,
        couriers: "jne",
        items: heavy.items,
      })
    ).body.pricing as { courier_service_code: string; available_for_instant_waybill_id: boolean }[];
    expect(
      rate.find((p) => p.courier_service_code === "jtr")?.available_for_instant_waybill_id,
    ).toBe(false);
    expect(
      rate.find((p) => p.courier_service_code === "reg")?.available_for_instant_waybill_id,
    ).toBe(true);
    const order = await createOrder(key, { ...heavy, courier_company: "jne", courier_type: "jtr" });
    expect(order.courier.waybill_id).toBeNull();
    // Its tracking page works without a waybill.
    expect((await fetch(order.courier.link)).status).toBe(200);
    await api("POST", "/_sandbox/clock/tick", null);
    const allocated = (await api("GET", `/v1/orders/${order.id}`, key)).body as {
      status: string;
      courier: { waybill_id: string | null };
    };
    expect(allocated.status).toBe("allocated");
    expect(allocated.courier.waybill_id).toMatch(/^CGK\d{13}$/);
    // Once given, it stays.
    await api("POST", "/_sandbox/clock/tick", null);
    expect(
      ((await api("GET", `/v1/orders/${order.id}`, key)).body.courier as { waybill_id: string })
        .waybill_id,
    ).toBe(allocated.courier.waybill_id);
  });

  it("tracking lookups spell statuses in camelCase", async () => {
    const key = testKey();
    const order = await createOrder(key);
    await api("POST", `/_sandbox/orders/${order.id}/status`, null, { status: "picking_up" });
    const byId = await api("GET", `/v1/trackings/${order.courier.tracking_id}`, key);
    expect(byId.body).toMatchObject({
      object: "tracking",
      status: "pickingUp",
      order_id: order.id,
      waybill_id: order.courier.waybill_id,
    });
    const byWaybill = await api(
      "GET",
      `/v1/trackings/${order.courier.waybill_id}/couriers/JNE`,
      key,
    );
    expect(byWaybill.body).toMatchObject({ status: "pickingUp", id: order.courier.tracking_id });
    expect((byWaybill.body.history as { status: string }[]).map((h) => h.status)).toEqual([
      "confirmed",
      "pickingUp",
    ]);
  });
});

describe("rates, couriers and areas", () => {
  const ratesBody = (o: Record<string, unknown> = {}) => ({
    origin_postal_code: 12430,
    destination_postal_code: 60271,
    couriers: "jne,SICEPAT,tiki",
    items: [{ name: "Box", value: 100000, quantity: 1, weight: 1000 }],
    ...o,
  });
  const priceOf = async (o: Record<string, unknown>, courier = "jne", service = "reg") => {
    const r = await api(
      "POST",
      "/v1/rates/couriers",
      testKey(),
      ratesBody({ couriers: courier, ...o }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.pricing as { courier_service_code: string; price: number }[]).find(
      (p) => p.courier_service_code === service,
    )!.price;
  };

  it("prices every requested courier's services (codes compared case-insensitively)", async () => {
    const r = await api("POST", "/v1/rates/couriers", testKey(), ratesBody());
    expect(r.body).toMatchObject({ success: true, object: "courier_pricing", code: CODES.rates });
    const pricing = r.body.pricing as {
      courier_code: string;
      price: number;
      shipping_fee: number;
      available_for_cash_on_delivery: boolean;
    }[];
    expect(new Set(pricing.map((p) => p.courier_code))).toEqual(
      new Set(["jne", "sicepat", "tiki"]),
    );
    for (const p of pricing) expect(p.price).toBeGreaterThanOrEqual(p.shipping_fee);
  });

  it("prices follow chargeable weight (actual vs volumetric), distance zone and extras, deterministically", async () => {
    const base = await priceOf({});
    expect(await priceOf({})).toBe(base);
    expect(await priceOf({ items: [{ name: "Box", value: 1, quantity: 3, weight: 1000 }] })).toBe(
      base * 3,
    );
    // 40×30×20 cm = 4 kg volumetric: it outweighs 1 kg actual.
    expect(
      await priceOf({
        items: [
          { name: "Box", value: 1, quantity: 1, weight: 1000, length: 40, width: 30, height: 20 },
        ],
      }),
    ).toBe(base * 4);
    // By the distance between the areas: Cilandak to Lebak Bulus (same city), to Bogor (about
    // 45 km), to Semarang (about 370 km); the base is Surabaya (about 670 km), Medan is 1,400 km.
    const sameCity = await priceOf({ destination_postal_code: 12440 });
    const sameRegion = await priceOf({ destination_postal_code: 16111 });
    const neighbouring = await priceOf({ destination_postal_code: 50132 });
    expect(sameCity).toBeLessThan(sameRegion);
    expect(sameRegion).toBeLessThan(neighbouring);
    expect(neighbouring).toBeLessThanOrEqual(base);
    expect(base).toBeLessThan(await priceOf({ destination_postal_code: 20112 }));
    expect(await priceOf({ courier_insurance: 1_000_000 })).toBe(base + 2500);
    expect(await priceOf({ destination_cash_on_delivery: 1_000_000 })).toBe(base + 30000);
  });

  it("instant couriers need coordinates and price by distance", async () => {
    const noCoords = await api(
      "POST",
      "/v1/rates/couriers",
      testKey(),
      ratesBody({ couriers: "grab,gojek" }),
    );
    expect(noCoords.status).toBe(400);
    expect(noCoords.body).toMatchObject({ code: CODES.ratesNoCourier });
    const near = await priceOf(
      {
        couriers: "grab",
        origin_latitude: JAKARTA_A.latitude,
        origin_longitude: JAKARTA_A.longitude,
        destination_latitude: JAKARTA_B.latitude,
        destination_longitude: JAKARTA_B.longitude,
      },
      "grab",
      "instant",
    );
    expect(near).toBe(12000 + 11 * 2500);
  });

  it.each([
    [{ couriers: undefined }, CODES.ratesMissingParameter, /couriers/],
    [{ items: [] }, CODES.ratesMissingParameter, /items/],
    [{ origin_postal_code: undefined }, CODES.ratesMissingParameter, /origin/],
    [{ destination_postal_code: 12 }, CODES.ratesInvalidPostalCode, /destination_postal_code/],
    [{ couriers: "fedex" }, CODES.ratesNoCourier, /courier/i],
  ])("rates refuse %j with %i", async (overrides, code, message) => {
    const r = await api("POST", "/v1/rates/couriers", testKey(), ratesBody(overrides));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code });
    expect(r.body.error).toMatch(message);
  });

  it("lists the courier catalogue with capabilities", async () => {
    const r = await api("GET", "/v1/couriers", testKey());
    const couriers = r.body.couriers as {
      courier_code: string;
      courier_service_code: string;
      available_for_cash_on_delivery: boolean;
      service_type: string;
    }[];
    expect(new Set(couriers.map((c) => c.courier_code))).toEqual(
      new Set([
        "jne",
        "sicepat",
        "anteraja",
        "jnt",
        "tiki",
        "ninja",
        "lion",
        "sap",
        "pos",
        "grab",
        "gojek",
        "paxel",
        "lalamove",
        "borzo",
      ]),
    );
    expect(
      couriers.find((c) => c.courier_code === "jne" && c.courier_service_code === "reg")
        ?.available_for_cash_on_delivery,
    ).toBe(true);
  });

  it("finds areas by name or postal code; an area id works as a locator", async () => {
    const r = await api("GET", "/v1/maps/areas?countries=ID&input=genteng%20surabaya", testKey());
    const areas = r.body.areas as { id: string; postal_code: number }[];
    expect(areas.map((a) => a.postal_code)).toContain(60271);
    expect(areas[0]).toMatchObject({
      administrative_division_level_2_name: "Surabaya",
      administrative_division_level_3_name: "Genteng",
      country_code: "ID",
    });
    const byPostal = await api("GET", "/v1/maps/areas?countries=ID&input=60271", testKey());
    expect(byPostal.body.areas).toEqual([areas.find((a) => a.postal_code === 60271)]);
    expect((await api("GET", "/v1/maps/areas?countries=ID&input=x", testKey())).status).toBe(400);
    const draft = await api(
      "POST",
      "/v1/draft_orders",
      testKey(),
      draftBody({
        destination_postal_code: undefined,
        destination_area_id: (byPostal.body.areas as { id: string }[])[0]!.id,
        courier_company: "jne",
        courier_type: "reg",
      }),
    );
    expect(draft.status).toBe(201);
    expect(draft.body.destination).toMatchObject({
      area_id: (byPostal.body.areas as { id: string }[])[0]!.id,
      postal_code: 60271,
      city_name: "Surabaya",
    });
  });
});

describe("rate limits", () => {
  it("a test key gets 5 requests per second per API, then 429 with Retry-After", async () => {
    sandbox.rateLimiter.config.enabled = true;
    sandbox.rateLimiter.reset();
    const key = testKey();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await api("GET", "/v1/couriers", key));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.status).toBe(429);
    expect(answers[5]!.body).toMatchObject({ success: false, code: CODES.rateLimited });
    expect(Number(answers[5]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Per API and per key: other APIs and other keys are not affected.
    expect((await api("GET", "/v1/orders/cancellation_reasons", key)).status).toBe(200);
    expect((await api("GET", "/v1/couriers", testKey())).status).toBe(200);
    // One token is back 200 ms later (5 per second), not before.
    clock.ms += 199;
    expect((await api("GET", "/v1/couriers", key)).status).toBe(429);
    clock.ms += 1;
    expect((await api("GET", "/v1/couriers", key)).status).toBe(200);
    expect((await api("GET", "/v1/couriers", key)).status).toBe(429);
  });

  it("a live key gets the production figures (20/s for draft orders)", async () => {
    sandbox.rateLimiter.config.enabled = true;
    sandbox.rateLimiter.reset();
    const key = liveKey();
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await api("GET", "/v1/draft_orders/00000000-0000-4000-8000-000000000000", key)).status,
      );
    expect(statuses.filter((s) => s === 404)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });
});

describe("events", () => {
  it("pings {} on registration, then posts status, price and waybill events with the static header", async () => {
    const received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
    let failFirst = 1;
    const receiver = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        const body = JSON.parse(raw);
        if (body.event === "order.price" && failFirst-- > 0) {
          res.writeHead(500).end();
          return;
        }
        received.push({ headers: req.headers, body });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    try {
      const key = testKey();
      const reg = await api("POST", "/_sandbox/webhook", key, {
        url,
        header_name: "x-shipping-secret",
        header_secret: "s3cret",
      });
      expect(reg.status).toBe(200);
      expect(received[0]!.body).toEqual({});
      expect(received[0]!.headers["x-shipping-secret"]).toBe("s3cret");

      const order = await createOrder(key);
      await api("POST", "/_sandbox/clock/tick", null);
      await api("POST", `/_sandbox/orders/${order.id}/price`, null, { price: 99000 });
      await api("POST", `/_sandbox/orders/${order.id}/waybill`, null, {
        waybill_id: "CGK000111222",
      });
      await sandbox.events.idle();

      const events = received.slice(1).map((r) => r.body);
      expect(events.map((e) => [e.event, e.status])).toEqual([
        ["order.status", "confirmed"],
        ["order.status", "allocated"],
        ["order.price", "allocated"],
        ["order.waybill_id", "allocated"],
      ]);
      expect(events[2]).toMatchObject({
        order_id: order.id,
        price: 99000,
        shippment_fee: expect.any(Number),
      });
      expect(events[2]).not.toHaveProperty("order_price");
      expect(events[3]).toMatchObject({ courier_waybill_id: "CGK000111222" });
      for (const r of received) expect(r.headers["x-shipping-secret"]).toBe("s3cret");
      const log = (await api("GET", "/_sandbox/events", null)).body.deliveries as {
        event: string;
        attempts: number;
        delivered: boolean;
      }[];
      expect(log.find((d) => d.event === "order.price")).toMatchObject({
        attempts: 2,
        delivered: true,
      });
    } finally {
      receiver.close();
    }
  });

  it("refuses to register a URL that does not answer the ping", async () => {
    const r = await api("POST", "/_sandbox/webhook", testKey(), {
      url: "http://127.0.0.1:1/nothing",
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/ping/);
  });
});

describe("faults on demand", () => {
  it("a share of 5xx answers", async () => {
    await api("POST", "/_sandbox/faults", null, { errorRate: 1 });
    const r = await api("GET", "/v1/couriers", testKey());
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ success: false, code: CODES.internal });
  });

  it("an outage window answers 503 until it ends", async () => {
    await api("POST", "/_sandbox/faults", null, { outageMs: 60_000 });
    expect((await api("GET", "/v1/couriers", testKey())).status).toBe(503);
    await api("POST", "/_sandbox/faults", null, { clear: true });
    expect((await api("GET", "/v1/couriers", testKey())).status).toBe(200);
  });

  it("commits the write but drops the answer", async () => {
    const key = testKey();
    await api("POST", "/_sandbox/faults", null, { dropNext: 1, match: "^POST /v1/draft_orders$" });
    await expect(
      api("POST", "/v1/draft_orders", key, draftBody({ reference_id: "DROPPED-1" })),
    ).rejects.toThrow();
    // The draft exists: a retry with the same reference finds it.
    const retry = await api(
      "POST",
      "/v1/draft_orders",
      key,
      draftBody({ reference_id: "DROPPED-1" }),
    );
    expect(retry.body).toMatchObject({
      code: CODES.draftReferenceUsed,
      details: { draft_order_id: expect.any(String) },
    });
    const draftId = (retry.body.details as { draft_order_id: string }).draft_order_id;
    expect((await api("GET", `/v1/draft_orders/${draftId}`, key)).body.reference_id).toBe(
      "DROPPED-1",
    );
  });

  it("hangs requests, and adds latency", async () => {
    await api("POST", "/_sandbox/faults", null, { hangRate: 1 });
    await expect(
      fetch(`${sandbox.url}/v1/couriers`, {
        headers: { authorization: testKey() },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    await api("POST", "/_sandbox/faults", null, { clear: true, latencyMs: 150 });
    const t0 = performance.now();
    expect((await api("GET", "/v1/couriers", testKey())).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(145);
  });

  it("rejects unknown fault names", async () => {
    const r = await api("POST", "/_sandbox/faults", null, { meteorStrike: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/meteorStrike/);
  });
});

describe("persistence", () => {
  it("a state file carries accounts, drafts and orders across a restart", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-state-")), "state.json");
    const first = await createSandbox({ port: 0, rateLimits: false, stateFile: file });
    const key = testKey();
    const call = apiCaller(first.url);
    const draft = await call(
      "POST",
      "/v1/draft_orders",
      key,
      draftBody({ courier_company: "jne", courier_type: "reg", reference_id: "KEEP-1" }),
    );
    const order = await call("POST", `/v1/draft_orders/${draft.body.id}/confirm`, key);
    await first.close();

    const second = await createSandbox({ port: 0, rateLimits: false, stateFile: file });
    try {
      const again = apiCaller(second.url);
      expect((await again("GET", `/v1/orders/${order.body.id}`, key)).body).toMatchObject({
        status: "confirmed",
        reference_id: "KEEP-1",
      });
      expect((await again("GET", `/v1/draft_orders/${draft.body.id}`, key)).body).toMatchObject({
        status: "confirmed",
      });
      expect(
        (await again("POST", "/v1/draft_orders", key, draftBody({ reference_id: "KEEP-1" }))).body,
      ).toMatchObject({ code: CODES.draftReferenceUsed });
    } finally {
      await second.close();
    }
  });
});
