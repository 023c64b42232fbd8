import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  JAKARTA_A,
  JAKARTA_B,
  apiCaller,
  draftBody,
  resetSandbox,
  testKey,
} from "#test/helpers/sandbox.ts";
import { behaviourFromEnv } from "./behaviour.ts";
import { createSandbox, type Sandbox } from "./server.ts";

/**
 * Conformance to the revised service reference, over HTTP. Codes are written as the service's own
 * numbers (not through the contract's names), so a renumbering in the contract fails here.
 */
let sandbox: Sandbox;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, rateLimits: false, webhookRetryDelaysMs: [20] });
  api = apiCaller(sandbox.url);
});
afterAll(() => sandbox.close());
const clock = { ms: 0 };
beforeEach(async () => {
  resetSandbox(sandbox, clock);
  await api("POST", "/_sandbox/behaviour", null, {
    draftErrors: "specific",
    draftDeleteAnswer: "with_id",
    cancelWithoutBody: "others",
    rateLimitBody: "envelope",
    webhookPing: "object",
    pingWithHeader: true,
    waybillEvent: "full",
  });
});

const ready = async (key: string, overrides: Record<string, unknown> = {}) => {
  const r = await api(
    "POST",
    "/v1/draft_orders",
    key,
    draftBody({ courier_company: "jne", courier_type: "reg", ...overrides }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string };
};
const order = async (key: string, overrides: Record<string, unknown> = {}) => {
  const draft = await ready(key, overrides);
  const r = await api("POST", `/v1/draft_orders/${draft.id}/confirm`, key);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; status: string };
};

describe("codes of the orders and draft modules", () => {
  it.each([
    ["origin contact name", { origin_contact_name: "" }, 40002014, /origin_contact_name/],
    ["origin contact phone", { origin_contact_phone: undefined }, 40002015, /origin_contact_phone/],
    ["origin address", { origin_address: "" }, 40002016, /origin_address/],
    [
      "destination contact name",
      { destination_contact_name: undefined },
      40002017,
      /destination_contact_name/,
    ],
    [
      "destination contact phone",
      { destination_contact_phone: "" },
      40002018,
      /destination_contact_phone/,
    ],
    ["destination address", { destination_address: undefined }, 40002019, /destination_address/],
    [
      "origin coordinate incomplete",
      { origin_coordinate: { latitude: -6.2 } },
      40002022,
      /origin_coordinate/,
    ],
    [
      "instant courier without origin coordinate",
      { courier_company: "grab", courier_type: "instant", destination_coordinate: JAKARTA_B },
      40002023,
      /origin_coordinate/,
    ],
    [
      "destination coordinate incomplete",
      { destination_coordinate: { longitude: 106.8 } },
      40002024,
      /destination_coordinate/,
    ],
    [
      "instant courier without destination coordinate",
      { courier_company: "gojek", courier_type: "instant", origin_coordinate: JAKARTA_A },
      40002025,
      /destination_coordinate/,
    ],
    ["tags not an array", { tags: "vip" }, 40002058, /tags/],
  ])(
    "%s answers %i on both POST /v1/orders and POST /v1/draft_orders",
    async (_, overrides, code, field) => {
      const courier =
        "courier_company" in overrides ? {} : { courier_company: "jne", courier_type: "reg" };
      for (const path of ["/v1/orders", "/v1/draft_orders"]) {
        const r = await api("POST", path, testKey(), draftBody({ ...courier, ...overrides }));
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ success: false, code });
        expect(r.body.error).toMatch(field);
      }
    },
  );

  it.each([
    [
      "invalid COD type",
      { destination_cash_on_delivery: 100000, destination_cash_on_delivery_type: "9_days" },
      42211010,
      40002029,
    ],
    ["COD above 15,000,000", { destination_cash_on_delivery: 15_000_001 }, 42211011, 40002030],
    [
      "a courier without COD",
      { destination_cash_on_delivery: 100000, courier_company: "tiki", courier_type: "reg" },
      42211012,
      40002031,
    ],
  ])("%s: the draft answers %i, the order %i", async (_, overrides, draftCode, orderCode) => {
    const draft = await api("POST", "/v1/draft_orders", testKey(), draftBody(overrides));
    expect(draft.body).toMatchObject({ success: false, code: draftCode });
    const direct = await api(
      "POST",
      "/v1/orders",
      testKey(),
      draftBody({ courier_company: "jne", courier_type: "reg", ...overrides }),
    );
    expect(direct.body).toMatchObject({ success: false, code: orderCode });
  });

  it("with the generic draft-error behaviour a draft's field errors answer 40011001, the field still named", async () => {
    await api("POST", "/_sandbox/behaviour", null, { draftErrors: "generic" });
    const r = await api(
      "POST",
      "/v1/draft_orders",
      testKey(),
      draftBody({ destination_contact_name: "" }),
    );
    expect(r.body).toMatchObject({
      success: false,
      code: 40011001,
      error: expect.stringMatching(/destination_contact_name/),
    });
    const direct = await api(
      "POST",
      "/v1/orders",
      testKey(),
      draftBody({ courier_company: "jne", courier_type: "reg", destination_contact_name: "" }),
    );
    expect(direct.body).toMatchObject({ code: 40002017 });
  });

  it("behaviours come from SANDBOX_* variables for npm run sandbox; a wrong value names its variable", () => {
    expect(
      behaviourFromEnv({ SANDBOX_DRAFT_ERRORS: "generic", SANDBOX_PING_WITH_HEADER: "false" }),
    ).toEqual({ behaviour: { draftErrors: "generic", pingWithHeader: false }, problem: null });
    expect(behaviourFromEnv({ SANDBOX_WAYBILL_EVENT: "short" }).problem).toMatch(
      /^SANDBOX_WAYBILL_EVENT=short: .*"full", "minimal"/,
    );
  });

  it("refuses unknown behaviours and values", async () => {
    expect((await api("POST", "/_sandbox/behaviour", null, { draftErrors: "loud" })).status).toBe(
      400,
    );
    expect((await api("POST", "/_sandbox/behaviour", null, { nonsense: true })).status).toBe(400);
  });
});

describe("states", () => {
  it("orders take exactly the 14 statuses: none is in_transit, whatever the clock does", async () => {
    const key = testKey();
    const parcel = await order(key);
    const instant = await order(key, {
      courier_company: "grab",
      courier_type: "instant",
      origin_coordinate: JAKARTA_A,
      destination_coordinate: JAKARTA_B,
    });
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await api("POST", "/_sandbox/clock/tick", null);
      for (const o of [parcel, instant])
        seen.add((await api("GET", `/v1/orders/${o.id}`, key)).body.status as string);
    }
    expect([...seen].sort()).toEqual([
      "allocated",
      "delivered",
      "dropping_off",
      "picked",
      "picking_up",
    ]);
    const forced = await api("POST", `/_sandbox/orders/${parcel.id}/status`, null, {
      status: "in_transit",
    });
    expect(forced.status).toBe(400);
    expect(forced.body.error).not.toMatch(/\bin_transit/);
  });

  it("a confirmed order cannot be updated: 400/40002044", async () => {
    const key = testKey();
    const o = await order(key);
    expect(o.status).toBe("confirmed");
    const r = await api("POST", `/v1/orders/${o.id}`, key, { destination_note: "Pagar hijau" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      success: false,
      code: 40002044,
      error: expect.stringMatching(/already been confirmed/),
    });
  });

  it("the rates of a confirmed draft answer 42211006", async () => {
    const key = testKey();
    const draft = await ready(key);
    expect((await api("GET", `/v1/draft_orders/${draft.id}/rates`, key)).status).toBe(200);
    await api("POST", `/v1/draft_orders/${draft.id}/confirm`, key);
    const r = await api("GET", `/v1/draft_orders/${draft.id}/rates`, key);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ success: false, code: 42211006 });
  });

  it("a draft's rates carry origin, stops and destination as location details", async () => {
    const key = testKey();
    const draft = await ready(key, { destination_coordinate: JAKARTA_B });
    const r = await api("GET", `/v1/draft_orders/${draft.id}/rates`, key);
    expect(r.body).toMatchObject({
      code: 20001003,
      stops: [],
      origin: {
        postal_code: 12430,
        country_code: "ID",
        administrative_division_level_2_name: "Jakarta Selatan",
      },
      destination: {
        postal_code: 60271,
        latitude: JAKARTA_B.latitude,
        administrative_division_level_2_name: "Surabaya",
      },
    });
  });

  it("confirm ignores a [] or {} body (and anything else sent to it)", async () => {
    const key = testKey();
    for (const raw of ["[]", "{}", "not json"]) {
      const draft = await ready(key);
      const r = await api("POST", `/v1/draft_orders/${draft.id}/confirm`, key, undefined, raw);
      expect(r.status, raw).toBe(200);
      expect(r.body).toMatchObject({
        object: "order",
        status: "confirmed",
        draft_order_id: draft.id,
        stops: [],
      });
    }
  });

  it("the confirm answer carries a cash-on-delivery object, amounts 0, when there is no COD", async () => {
    const key = testKey();
    const draft = await ready(key);
    const r = await api("POST", `/v1/draft_orders/${draft.id}/confirm`, key);
    // As the documentation's confirm example shows it.
    expect((r.body.destination as { cash_on_delivery: unknown }).cash_on_delivery).toEqual({
      id: null,
      amount: 0,
      amount_currency: "IDR",
      fee: 0,
      fee_currency: "IDR",
      note: null,
      type: null,
      status: null,
      payment_status: "pending",
      payment_method: "cash",
    });
    expect(r.body).toHaveProperty("voucher", { id: null, name: null, value: null, type: null });
  });

  it("a cancel with no body at all is accepted as others; with the refuse behaviour it is a 400", async () => {
    const key = testKey();
    const o = await order(key);
    const r = await api("POST", `/v1/orders/${o.id}/cancel`, key);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "cancelled", cancellation_reason_code: "others" });
    await api("POST", "/_sandbox/behaviour", null, { cancelWithoutBody: "refuse" });
    const other = await order(key);
    const refused = await api("POST", `/v1/orders/${other.id}/cancel`, key);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/cancellation_reason_code/);
    // `{}` is a body: its missing code is an error in both behaviours.
    expect((await api("POST", `/v1/orders/${other.id}/cancel`, key, {})).status).toBe(400);
  });

  it("draft delete answers with the id, or (message_only behaviour) with a message only", async () => {
    const key = testKey();
    const first = await ready(key);
    expect((await api("DELETE", `/v1/draft_orders/${first.id}`, key)).body).toEqual({
      success: true,
      code: 20011005,
      object: "draft_order",
      id: first.id,
      message: expect.any(String),
    });
    await api("POST", "/_sandbox/behaviour", null, { draftDeleteAnswer: "message_only" });
    const second = await ready(key);
    expect((await api("DELETE", `/v1/draft_orders/${second.id}`, key)).body).toEqual({
      success: true,
      code: 20011005,
      message: expect.any(String),
    });
  });
});

describe("rates and areas", () => {
  const items = [{ name: "Kopi", value: 50000, quantity: 1, weight: 500 }];

  it("accepts coordinates and postal codes as strings", async () => {
    const asNumbers = await api("POST", "/v1/rates/couriers", testKey(), {
      origin_latitude: JAKARTA_A.latitude,
      origin_longitude: JAKARTA_A.longitude,
      destination_latitude: JAKARTA_B.latitude,
      destination_longitude: JAKARTA_B.longitude,
      couriers: "grab",
      items,
    });
    const asStrings = await api("POST", "/v1/rates/couriers", testKey(), {
      origin_latitude: String(JAKARTA_A.latitude),
      origin_longitude: String(JAKARTA_A.longitude),
      destination_latitude: String(JAKARTA_B.latitude),
      destination_longitude: String(JAKARTA_B.longitude),
      couriers: "grab",
      items,
    });
    expect(asStrings.status, JSON.stringify(asStrings.body)).toBe(200);
    expect(asStrings.body.pricing).toEqual(asNumbers.body.pricing);
    const postal = await api("POST", "/v1/rates/couriers", testKey(), {
      origin_postal_code: "12430",
      destination_postal_code: "60271",
      couriers: "jne",
      items,
    });
    expect(postal.status).toBe(200);
  });

  it("answers origin and destination as location details, not an echo of the request", async () => {
    const r = await api("POST", "/v1/rates/couriers", testKey(), {
      origin_postal_code: 12430,
      destination_postal_code: 60271,
      couriers: "jne",
      items,
    });
    expect(r.body.origin).toEqual({
      location_id: null,
      latitude: null,
      longitude: null,
      postal_code: 12430,
      country_name: "Indonesia",
      country_code: "ID",
      administrative_division_level_1_name: "DKI Jakarta",
      administrative_division_level_1_type: "province",
      administrative_division_level_2_name: "Jakarta Selatan",
      administrative_division_level_2_type: "city",
      administrative_division_level_3_name: "Cilandak",
      administrative_division_level_3_type: "district",
      administrative_division_level_4_name: "Cilandak Barat",
      administrative_division_level_4_type: "subdistrict",
      address: null,
    });
    expect(r.body.destination).toMatchObject({
      postal_code: 60271,
      administrative_division_level_2_name: "Surabaya",
    });
  });

  it("origin_suggestion_to_closest_destination prices from the key's nearest origin location", async () => {
    const key = testKey();
    const location = (name: string, postal: number, latitude: number, longitude: number) =>
      api("POST", "/v1/locations", key, {
        name,
        contact_name: "Gudang",
        contact_phone: "0812",
        address: `Jl. ${name}`,
        postal_code: postal,
        latitude,
        longitude,
        type: "origin",
      });
    await location("Surabaya", 60271, -7.2575, 112.7521);
    const jakarta = await location("Jakarta", 12430, JAKARTA_A.latitude, JAKARTA_A.longitude);
    const r = await api("POST", "/v1/rates/couriers", key, {
      type: "origin_suggestion_to_closest_destination",
      destination_latitude: JAKARTA_B.latitude,
      destination_longitude: JAKARTA_B.longitude,
      couriers: "grab",
      items,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.origin).toMatchObject({ location_id: jakarta.body.id, postal_code: 12430 });
    const none = await api("POST", "/v1/rates/couriers", testKey(), {
      type: "origin_suggestion_to_closest_destination",
      destination_latitude: JAKARTA_B.latitude,
      destination_longitude: JAKARTA_B.longitude,
      couriers: "grab",
      items,
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/origin location/);
  });

  it("understands area ids by their structure: the documentation's own ids work", async () => {
    // Neither id is in the sandbox's gazetteer; both are in the documentation's examples.
    for (const [id, postal] of [
      ["IDNP6IDNC148IDND836IDZ12410", 12410],
      ["IDNP6IDNC148IDND843IDZ12250", 12250],
    ] as const) {
      const one = await api("GET", `/v1/maps/areas/${id}`, testKey());
      expect(one.status).toBe(200);
      expect(one.body.areas).toEqual([
        expect.objectContaining({
          id,
          postal_code: postal,
          administrative_division_level_1_name: "DKI Jakarta",
          administrative_division_level_2_name: "Jakarta Selatan",
        }),
      ]);
      const draft = await api(
        "POST",
        "/v1/draft_orders",
        testKey(),
        draftBody({
          origin_postal_code: undefined,
          origin_area_id: id,
          courier_company: "jne",
          courier_type: "reg",
        }),
      );
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      expect(draft.body.origin).toMatchObject({ area_id: id, postal_code: postal });
    }
    expect((await api("GET", "/v1/maps/areas/JAKARTA", testKey())).status).toBe(400);
  });

  it("instant couriers cannot be priced between area ids", async () => {
    const r = await api("POST", "/v1/rates/couriers", testKey(), {
      origin_area_id: "IDNP6IDNC148IDND836IDZ12430",
      destination_area_id: "IDNP6IDNC149IDND848IDZ13220",
      couriers: "grab,gojek,jne",
      items,
    });
    expect(r.status).toBe(200);
    expect(
      new Set((r.body.pricing as { courier_code: string }[]).map((p) => p.courier_code)),
    ).toEqual(new Set(["jne"]));
    const onlyInstant = await api("POST", "/v1/rates/couriers", testKey(), {
      origin_area_id: "IDNP6IDNC148IDND836IDZ12430",
      destination_area_id: "IDNP6IDNC149IDND848IDZ13220",
      couriers: "grab",
      items,
    });
    expect(onlyInstant.body).toMatchObject({ success: false, code: 40001010 });
  });
});

describe("locations", () => {
  it("accepts postal code and coordinates as strings; update answers a message; delete's documented message", async () => {
    const key = testKey();
    const created = await api("POST", "/v1/locations", key, {
      name: "Gudang",
      contact_name: "Budi",
      contact_phone: "0812",
      address: "Jl. Fatmawati 10",
      postal_code: "12430",
      latitude: "-6.2886",
      longitude: "106.7986",
      type: "origin",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      postal_code: 12430,
      latitude: -6.2886,
      longitude: 106.7986,
    });
    const id = created.body.id as string;
    const updated = await api("POST", `/v1/locations/${id}`, key, { note: "Pintu belakang" });
    expect(updated.body).toMatchObject({
      success: true,
      message: expect.stringMatching(/updated/),
      id,
      note: "Pintu belakang",
    });
    expect((await api("DELETE", `/v1/locations/${id}`, key)).body).toEqual({
      success: true,
      id,
      message: "Location successfully been removed",
    });
    expect(
      (
        await api("POST", "/v1/locations", key, {
          name: "X",
          contact_name: "A",
          contact_phone: "1",
          address: "a",
          postal_code: "12430",
          latitude: "north",
          type: "origin",
        })
      ).body.error,
    ).toMatch(/latitude/);
  });
});

describe("cancellation reasons", () => {
  it("Bahasa Indonesia by default, English with lang=en, a message, the documented texts", async () => {
    const byDefault = await api("GET", "/v1/orders/cancellation_reasons", testKey());
    const en = await api("GET", "/v1/orders/cancellation_reasons?lang=en", testKey());
    expect(byDefault.body.message).toBe("Order cancellation reasons successfully retrieved");
    const text = (r: typeof en, code: string) =>
      (r.body.cancellation_reasons as { code: string; reason: string }[]).find(
        (c) => c.code === code,
      )?.reason;
    expect(text(byDefault, "change_courier")).toBe("Ingin mengganti kurir");
    expect(text(byDefault, "pickup_delay")).toBe("Waktu penjemputan terlalu lama");
    expect(text(en, "change_courier")).toBe("Want to change courier");
    expect(text(en, "pickup_delay")).toBe("Pickup time too long");
    expect(text(en, "change_address")).toBe("Want to change address");
    expect(text(en, "others")).toBe("Order cancelled by merchant for other reason");
  });
});

describe("authentication", () => {
  it("accepts HTTP Basic with the key as user name", async () => {
    const key = testKey();
    const basic = `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
    expect((await api("GET", "/v1/couriers", basic)).status).toBe(200);
    const wrong = `Basic ${Buffer.from("someone:else").toString("base64")}`;
    expect((await api("GET", "/v1/couriers", wrong)).body).toMatchObject({ code: 40000001 });
  });

  it("a 429 answers the envelope, or (empty behaviour) no body, with Retry-After either way", async () => {
    sandbox.rateLimiter.config.enabled = true;
    const key = testKey();
    const burst = async () => {
      for (let i = 0; i < 10; i++) {
        const r = await fetch(`${sandbox.url}/v1/couriers`, { headers: { authorization: key } });
        const text = await r.text();
        if (r.status === 429) return { text, retryAfter: r.headers.get("retry-after") };
      }
      throw new Error("no 429 within 10 requests");
    };
    const enveloped = await burst();
    expect(JSON.parse(enveloped.text)).toMatchObject({ success: false, code: 42900001 });
    await api("POST", "/_sandbox/behaviour", null, { rateLimitBody: "empty" });
    const empty = await burst();
    expect(empty.text).toBe("");
    expect(Number(empty.retryAfter)).toBeGreaterThanOrEqual(1);
  });
});

describe("events", () => {
  async function receiver() {
    const received: { headers: http.IncomingHttpHeaders; raw: string }[] = [];
    const server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        received.push({ headers: req.headers, raw });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return {
      received,
      server,
      url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    };
  }

  it("status events carry the driver's photo and plate; price events their own shape; waybill events full or minimal", async () => {
    const hook = await receiver();
    try {
      const key = testKey();
      await api("POST", "/_sandbox/webhook", key, {
        url: hook.url,
        header_name: "x-secret",
        header_secret: "s3cret",
      });
      const o = await order(key);
      await api("POST", "/_sandbox/clock/tick", null);
      await api("POST", `/_sandbox/orders/${o.id}/price`, null, { price: 41000 });
      await api("POST", `/_sandbox/orders/${o.id}/waybill`, null, { waybill_id: "CGK1" });
      await api("POST", "/_sandbox/behaviour", null, { waybillEvent: "minimal" });
      await api("POST", `/_sandbox/orders/${o.id}/waybill`, null, { waybill_id: "CGK2" });
      await sandbox.events.idle();
      const events = hook.received
        .slice(1)
        .map((r) => JSON.parse(r.raw) as Record<string, unknown>);
      const allocated = events.find((e) => e.event === "order.status" && e.status === "allocated")!;
      expect(allocated.courier_driver_plate_number).toMatch(/^B \d{4} SBX$/);
      expect(allocated.courier_driver_photo_url).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/drivers\/.+\.svg$/,
      );
      expect(
        (await fetch(allocated.courier_driver_photo_url as string)).headers.get("content-type"),
      ).toBe("image/svg+xml");
      const price = events.find((e) => e.event === "order.price")!;
      expect(Object.keys(price).sort()).toEqual([
        "cash_on_delivery_fee",
        "courier_tracking_id",
        "courier_waybill_id",
        "event",
        "order_id",
        "price",
        "proof_of_delivery_fee",
        "shippment_fee",
        "status",
        "updated_at",
      ]);
      expect(price).toMatchObject({ price: 41000, order_id: o.id });
      const waybills = events.filter((e) => e.event === "order.waybill_id");
      expect(Object.keys(waybills[0]!).sort()).toEqual([
        "courier_company",
        "courier_tracking_id",
        "courier_waybill_id",
        "event",
        "order_id",
        "status",
      ]);
      expect(Object.keys(waybills[1]!).sort()).toEqual([
        "courier_tracking_id",
        "courier_waybill_id",
        "event",
        "order_id",
      ]);
    } finally {
      hook.server.close();
    }
  });

  it("the registration ping is {} with the header by default; an empty body without it when so configured", async () => {
    const hook = await receiver();
    try {
      await api("POST", "/_sandbox/webhook", testKey(), {
        url: hook.url,
        header_name: "x-secret",
        header_secret: "s3cret",
      });
      expect(hook.received[0]).toMatchObject({
        raw: "{}",
        headers: expect.objectContaining({ "x-secret": "s3cret" }),
      });
      await api("POST", "/_sandbox/behaviour", null, {
        webhookPing: "empty",
        pingWithHeader: false,
      });
      await api("POST", "/_sandbox/webhook", testKey(), {
        url: hook.url,
        header_name: "x-secret",
        header_secret: "s3cret",
      });
      expect(hook.received[1]!.raw).toBe("");
      expect(hook.received[1]!.headers).not.toHaveProperty("x-secret");
    } finally {
      hook.server.close();
    }
  });
});

describe("tracking", () => {
  it("answers `messsage` (sic) and the courier's company, name and phone", async () => {
    const key = testKey();
    const o = (await order(key)) as { id: string; courier?: { tracking_id: string } };
    const got = await api("GET", `/v1/orders/${o.id}`, key);
    const trackingId = (got.body.courier as { tracking_id: string }).tracking_id;
    const r = await api("GET", `/v1/trackings/${trackingId}`, key);
    expect(r.body).toMatchObject({
      success: true,
      messsage: expect.any(String),
      object: "tracking",
      courier: { company: "jne", name: null, phone: null },
    });
  });
});
