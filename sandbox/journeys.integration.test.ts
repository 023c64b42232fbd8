import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCaller, draftBody, liveKey } from "#test/helpers/sandbox.ts";
import { areaByPostalCode } from "./areas.ts";
import { createSandbox, type Sandbox } from "./server.ts";

/**
 * The sandbox plays the courier: whole journeys through the control API, on its clock, with the
 * courier's notes naming where each step happened, as the order's tracking history and its
 * events. Over real HTTP.
 */
let sandbox: Sandbox;
let api: ReturnType<typeof apiCaller>;
const start = Date.UTC(2026, 10, 23, 2, 0, 0);

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, rateLimits: false, now: () => new Date(start) });
  api = apiCaller(sandbox.url);
});
afterAll(() => sandbox.close());

type History = { status: string; note: string; updated_at: string }[];

async function booked(key: string, overrides: Record<string, unknown> = {}) {
  const draft = await api(
    "POST",
    "/v1/draft_orders",
    key,
    draftBody({ courier_company: "jne", courier_type: "reg", ...overrides }),
  );
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const order = await api(
    "POST",
    `/v1/draft_orders/${(draft.body as { id: string }).id}/confirm`,
    key,
  );
  expect(order.status).toBe(200);
  return (order.body as { id: string }).id;
}
const journey = (id: string, body: Record<string, unknown>) =>
  api("POST", `/_sandbox/orders/${id}/journey`, null, body);
const historyOf = async (key: string, id: string) =>
  ((await api("GET", `/v1/orders/${id}`, key)).body as { courier: { history: History } }).courier
    .history;

const FROM = areaByPostalCode(12430)!.city!.toUpperCase();
const TO = areaByPostalCode(60271)!.city!.toUpperCase();

describe("journeys played on the sandbox's clock", () => {
  it("returned: the way to the customer, a failed attempt, the refusal and the way back, each step later", async () => {
    const key = liveKey("journey");
    const id = await booked(key);
    const played = await journey(id, { journey: "returned", step_minutes: 120 });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    expect((played.body as { status: string }).status).toBe("returned");
    const history = await historyOf(key, id);
    expect(history.map((h) => h.status)).toEqual([
      "confirmed",
      "allocated",
      "picking_up",
      "picked",
      "dropping_off",
      "dropping_off",
      "dropping_off",
      "on_hold",
      "return_in_transit",
      "returned",
    ]);
    // Each step two hours after the one before it.
    const times = history.slice(1).map((h) => Date.parse(h.updated_at));
    expect(times.every((t, i) => i === 0 || t - times[i - 1]! === 120 * 60_000)).toBe(true);
    // Where it happened: the pickup city, the destination's hub, the customer's city, back home.
    expect(history.find((h) => h.status === "picked")!.note).toContain(FROM);
    expect(history.find((h) => h.status === "on_hold")!.note).toMatch(
      new RegExp(`Gagal kirim: penerima tidak di tempat \\(${TO}\\)`),
    );
    expect(history.at(-1)!.note).toContain(FROM);
    // Past the end: refused.
    const again = await journey(id, { journey: "delivered" });
    expect(again.status).toBe(400);
  });

  it("failed_attempt stops at the hold; delivered then goes on from it without repeating the way", async () => {
    const key = liveKey("journey");
    const id = await booked(key);
    // One step at a time first: the next step only.
    const one = await journey(id, { journey: "failed_attempt", step_minutes: 60, steps: 1 });
    expect((one.body as { steps: unknown[]; status: string }).steps).toHaveLength(1);
    expect(one.body).toMatchObject({ status: "allocated" });
    expect(
      (await journey(id, { journey: "failed_attempt", step_minutes: 60, steps: 0 })).status,
    ).toBe(400);
    expect((await journey(id, { journey: "failed_attempt", step_minutes: 60 })).status).toBe(200);
    const held = await historyOf(key, id);
    expect(held.at(-1)!.status).toBe("on_hold");
    const resumed = await journey(id, { journey: "delivered", step_minutes: 60 });
    expect(resumed.body).toMatchObject({ status: "delivered" });
    const history = await historyOf(key, id);
    expect(history.slice(held.length).map((h) => h.status)).toEqual(["delivered"]);
    expect(history.at(-1)!.note).toContain(TO);
  });

  it("names a city the gazetteer does not know from the address, as Indonesian addresses end", async () => {
    const key = liveKey("journey");
    const id = await booked(key, {
      destination_address:
        "Jl. Gatot Subroto No. 88, Blok C, Medan, Sumatera Utara, 20122, Indonesia",
      destination_postal_code: 20122,
    });
    await journey(id, { journey: "delivered", step_minutes: 30 });
    const history = await historyOf(key, id);
    expect(history.at(-1)).toMatchObject({
      status: "delivered",
      note: "Paket telah diterima oleh penerima di MEDAN",
    });
  });

  it("reweighed: the origin's hub weighs the parcel a kilogram heavier, and the price rises by that kilogram", async () => {
    const key = liveKey("journey");
    const id = await booked(key);
    const priceOf = async () =>
      ((await api("GET", `/v1/orders/${id}`, key)).body as { price: number }).price;
    const quoted = await priceOf();
    const played = await journey(id, { journey: "reweighed", step_minutes: 60 });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const history = await historyOf(key, id);
    expect(history.at(-1)!.status).toBe("delivered");
    // The re-weigh happens at the origin's hub, after the pickup and before it leaves.
    const at = history.findIndex((h) => h.note.startsWith("Paket ditimbang ulang"));
    expect(history[at]).toMatchObject({ status: "picked" });
    expect(history[at]!.note).toContain(FROM);
    expect(history[at + 1]!.status).toBe("dropping_off");
    // The draft's items weigh 1 kg (billed 1 kg): 2 kg now, the same rate for each.
    expect(await priceOf()).toBe(quoted * 2);
  });

  it("stalled: picked up and sent on from the origin's hub, then no scan, whatever the clock does", async () => {
    const key = liveKey("journey");
    const id = await booked(key);
    const played = await journey(id, { journey: "stalled", step_minutes: 60 });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const statuses = async () => (await historyOf(key, id)).map((h) => h.status);
    const stopped = await statuses();
    expect(stopped.slice(-3)).toEqual(["picking_up", "picked", "dropping_off"]);
    expect((await historyOf(key, id)).at(-1)!.note).toContain(FROM);
    // The clock's steps move every other order on; this one stays where its last scan left it.
    expect((await api("POST", "/_sandbox/clock/tick", null, {})).status).toBe(200);
    expect(await statuses()).toEqual(stopped);
    // Found again: a later journey goes on from there.
    await journey(id, { journey: "delivered", step_minutes: 60 });
    expect((await statuses()).at(-1)).toBe("delivered");
  });

  it("returned: the courier charges the way back, the one-way shipping fee, once", async () => {
    const key = liveKey("journey");
    const id = await booked(key);
    const priceOf = async () =>
      ((await api("GET", `/v1/orders/${id}`, key)).body as { price: number }).price;
    const quoted = await priceOf();
    await journey(id, { journey: "returned", step_minutes: 60 });
    expect(await priceOf()).toBe(quoted * 2);
  });

  it("refuses an unknown journey, a bad step and an unknown order; the clock moves on by request", async () => {
    const key = liveKey("journey");
    const id = await booked(key);
    expect((await journey(id, { journey: "teleported" })).status).toBe(400);
    expect((await journey(id, { journey: "delivered", step_minutes: -5 })).status).toBe(400);
    expect((await journey("0".repeat(24), { journey: "delivered" })).status).toBe(404);
    const before = (await api("POST", "/_sandbox/clock/forward", null, { minutes: 0 })).body as {
      now: string;
    };
    const after = (await api("POST", "/_sandbox/clock/forward", null, { minutes: 90 })).body as {
      now: string;
    };
    expect(Date.parse(after.now) - Date.parse(before.now)).toBe(90 * 60_000);
    expect((await api("POST", "/_sandbox/clock/forward", null, { minutes: "x" })).status).toBe(400);
  });
});
