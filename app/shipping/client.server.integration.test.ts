import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "#sandbox/server.ts";
import { JAKARTA_A, JAKARTA_B, draftBody, resetSandbox, testKey } from "#test/helpers/sandbox.ts";
import { createShippingClient } from "./client.server";
import { CODES, normaliseCourierCode, normaliseOrderStatus, sameCourier } from "./codes";
import {
  ShippingAuthenticationError,
  ShippingNetworkError,
  ShippingNotFoundError,
  ShippingRateLimitedError,
  ShippingServerError,
  ShippingStateError,
  ShippingValidationError,
} from "./errors";

/** The app's shipping client against the sandbox, over real HTTP. */
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, rateLimits: false });
});
afterAll(() => sandbox.close());
const clock = { ms: 0 };
beforeEach(() => resetSandbox(sandbox, clock));

const client = (overrides: Partial<Parameters<typeof createShippingClient>[0]> = {}) =>
  createShippingClient({
    baseUrl: sandbox.url,
    apiKey: testKey(),
    timeoutMs: 2_000,
    sleep: async () => {},
    ...overrides,
  });

describe("normalisers", () => {
  it("order statuses in either spelling", () => {
    expect(normaliseOrderStatus("pickingUp")).toBe("picking_up");
    expect(normaliseOrderStatus("picking_up")).toBe("picking_up");
    expect(normaliseOrderStatus("returnInTransit")).toBe("return_in_transit");
    expect(normaliseOrderStatus("courierNotFound")).toBe("courier_not_found");
    expect(normaliseOrderStatus("DELIVERED")).toBe("delivered");
    expect(normaliseOrderStatus("teleported")).toBeNull();
    expect(normaliseOrderStatus(null)).toBeNull();
  });

  it("courier codes case-insensitively", () => {
    expect(normaliseCourierCode(" JNE ")).toBe("jne");
    expect(sameCourier("SiCepat", "sicepat")).toBe(true);
    expect(sameCourier("jne", null)).toBe(false);
  });
});

describe("shipping client against the sandbox", () => {
  it("runs a draft through update, rates, confirm, tracking and cancel, parsing every answer", async () => {
    const c = client();
    const placed = await c.createDraftOrder(
      draftBody({
        reference_id: "C-1",
        origin_coordinate: JAKARTA_A,
        destination_coordinate: JAKARTA_B,
        destination_postal_code: 13220,
      }),
    );
    expect(placed.status).toBe("placed");
    const rates = await c.getDraftOrderRates(placed.id);
    expect(rates.pricing.length).toBeGreaterThan(3);
    const ready = await c.updateDraftOrder(placed.id, {
      courier_company: "JNE",
      courier_type: "REG",
    });
    expect(ready).toMatchObject({ status: "ready", courier: { company: "jne", type: "reg" } });
    const order = await c.confirmDraftOrder(placed.id);
    expect(order).toMatchObject({
      object: "order",
      draft_order_id: placed.id,
      reference_id: "C-1",
    });
    expect((await c.getDraftOrder(placed.id)).order_id).toBe(order.id);
    const tracking = await c.getPublicTracking(order.courier!.waybill_id!, "JNE");
    expect(normaliseOrderStatus(tracking.status)).toBe("confirmed");
    const cancelled = await c.cancelOrder(order.id, { cancellation_reason_code: "change_courier" });
    expect(cancelled.status).toBe("cancelled");
    expect((await c.getOrder(order.id)).status).toBe("cancelled");
  });

  it("locations, couriers, areas and cancellation reasons", async () => {
    const c = client();
    const loc = await c.createLocation({
      name: "Gudang",
      contact_name: "Budi",
      contact_phone: "0812",
      address: "Jl. A",
      postal_code: 12430,
      type: "origin",
    });
    expect((await c.updateLocation(loc.id, { note: "Back door" })).note).toBe("Back door");
    expect((await c.getLocation(loc.id)).name).toBe("Gudang");
    await c.deleteLocation(loc.id);
    await expect(c.getLocation(loc.id)).rejects.toBeInstanceOf(ShippingNotFoundError);
    expect((await c.getCouriers()).couriers.length).toBeGreaterThan(10);
    expect((await c.searchAreas("coblong bandung")).areas[0]).toMatchObject({
      administrative_division_level_2_name: "Bandung",
      administrative_division_level_3_name: "Coblong",
      postal_code: expect.any(Number),
    });
    expect((await c.getCancellationReasons("id")).cancellation_reasons).toHaveLength(4);
    const rates = await c.getRates({
      origin_postal_code: 12430,
      destination_postal_code: 60271,
      couriers: "JNE,sicepat",
      items: [{ name: "A", value: 1, quantity: 1, weight: 500 }],
    });
    expect(new Set(rates.pricing.map((p) => p.courier_code))).toEqual(new Set(["jne", "sicepat"]));
  });

  it("maps refusals to the error hierarchy with status, code and field", async () => {
    const c = client();
    const validation = await c
      .createDraftOrder(draftBody({ destination_proof_of_delivery: true }))
      .catch((e: unknown) => e);
    expect(validation).toBeInstanceOf(ShippingValidationError);
    expect(validation).toMatchObject({
      status: 400,
      code: CODES.podNoteRequired,
      field: "destination_proof_of_delivery_note",
    });

    const instant = await c
      .createDraftOrder(draftBody({ courier_company: "grab", courier_type: "instant" }))
      .catch((e: unknown) => e);
    expect(instant).toMatchObject({
      code: CODES.courierNeedsOriginCoordinate,
      field: "origin_coordinate",
    });

    const placed = await c.createDraftOrder(draftBody({ reference_id: "C-2" }));
    const notReady = await c.confirmDraftOrder(placed.id).catch((e: unknown) => e);
    expect(notReady).toBeInstanceOf(ShippingStateError);
    expect(notReady).toMatchObject({ status: 422, code: CODES.draftNotReady });

    const dup = await c
      .createDraftOrder(draftBody({ reference_id: "C-2" }))
      .catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(ShippingStateError);
    expect((dup as ShippingStateError).details).toMatchObject({ draft_order_id: placed.id });

    // The live service answers 400 for an unknown order: still "not found".
    const missing = await c.getOrder("0123456789abcdef01234567").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ShippingNotFoundError);
    expect(missing).toMatchObject({ status: 400, code: CODES.orderNotFound });

    const auth = await createShippingClient({ baseUrl: sandbox.url, apiKey: "not-a-key" })
      .getCouriers()
      .catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(ShippingAuthenticationError);
    expect(auth).toMatchObject({ status: 400, code: CODES.invalidKey });
  });

  it("refuses a request the contract rejects before sending it", async () => {
    const error = await client()
      .createDraftOrder(draftBody({ items: [] }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShippingValidationError);
    expect(error).toMatchObject({ code: null, field: "items" });
  });

  it("rate limits: 429 carries retry-after; safe calls wait it out when short", async () => {
    sandbox.rateLimiter.config.enabled = true;
    sandbox.rateLimiter.reset();
    const waits: number[] = [];
    const key = testKey();
    const patient = createShippingClient({
      baseUrl: sandbox.url,
      apiKey: key,
      sleep: async (ms) => {
        waits.push(ms);
        clock.ms += ms;
      },
    });
    for (let i = 0; i < 6; i++) await patient.getCouriers();
    expect(waits).toEqual([1000]);
    const impatient = createShippingClient({
      baseUrl: sandbox.url,
      apiKey: key,
      maxRetryWaitMs: 0,
    });
    // The patient client's sixth call waited a second: four tokens are left.
    for (let i = 0; i < 4; i++) await impatient.getCouriers();
    const error = await impatient.getCouriers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShippingRateLimitedError);
    expect((error as ShippingRateLimitedError).retryAfterMs).toBe(1000);
    // Writes are never repeated by the client.
    for (let i = 0; i < 5; i++)
      await impatient.createDraftOrder(draftBody()).catch(() => undefined);
    await expect(impatient.createDraftOrder(draftBody())).rejects.toBeInstanceOf(
      ShippingRateLimitedError,
    );
  });

  it("retries safe calls after 5xx, never writes", async () => {
    const c = client({
      retries: 2,
      sleep: async () => {
        sandbox.faults.errorRate = 0;
      },
    });
    sandbox.faults.errorRate = 1;
    expect((await c.getCouriers()).couriers.length).toBeGreaterThan(0);

    sandbox.faults.errorRate = 1;
    const write = await c.createDraftOrder(draftBody()).catch((e: unknown) => e);
    expect(write).toBeInstanceOf(ShippingServerError);
    expect(write).toMatchObject({ status: 500, retryable: true });
  });

  it("times out a hung request as a retryable network error", async () => {
    sandbox.faults.hangRate = 1;
    const error = await client({ timeoutMs: 200, retries: 0 })
      .getCouriers()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShippingNetworkError);
    expect(error).toMatchObject({ timedOut: true, retryable: true });
    const refused = await createShippingClient({
      baseUrl: "http://127.0.0.1:1",
      apiKey: testKey(),
      retries: 0,
    })
      .getCouriers()
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "ShippingNetworkError", timedOut: false });
  });

  it("an answer that breaks the contract is a server error, not a crash", async () => {
    const fakeFetch = (async () =>
      new Response(JSON.stringify({ success: true, id: 42 }), { status: 200 })) as typeof fetch;
    const error = await createShippingClient({
      baseUrl: "http://x",
      apiKey: testKey(),
      fetch: fakeFetch,
    })
      .getOrder("a")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShippingServerError);
    expect((error as Error).message).toMatch(/does not match the contract/);
  });

  it("sends the raw key, no scheme word", async () => {
    let seen: string | null = null;
    const spy = (async (url: string | URL | Request, init?: RequestInit) => {
      seen = new Headers(init?.headers).get("authorization");
      return fetch(url, init);
    }) as typeof fetch;
    const key = testKey();
    await createShippingClient({ baseUrl: sandbox.url, apiKey: key, fetch: spy }).getCouriers();
    expect(seen).toBe(key);
  });
});
