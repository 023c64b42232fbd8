import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import * as codPage from "#app/routes/app.cod/route.tsx";
import * as codCsvRoute from "#app/routes/app.cod[.]csv.tsx";
import * as shipmentsCsvRoute from "#app/routes/app.shipments[.]csv.tsx";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { afterBookingStack } from "../helpers/after-booking.ts";
import { shipmentOf } from "../helpers/pipeline.ts";
import {
  INDONESIAN,
  routeData as call,
  offlineSession,
  sessionTokenRequest,
} from "../helpers/shopify.ts";

/**
 * One time for each event, everywhere the merchant reads it: the shipment's timeline, the COD
 * page (its parcels and its payout weeks) and the COD CSV. The courier's time where it is past,
 * never after the app heard of it: here the service's clock runs two days ahead of the app's (a
 * courier's clock set wrong), so every time it reports is in the future. Through the worker, the
 * sandbox over HTTP and the pages' routes with a correctly signed session token, in Indonesian.
 */
const AHEAD_MS = 2 * 86_400_000;
const stack = afterBookingStack({ label: "times", clockStart: Date.now() + AHEAD_MS });

type Timeline = { title: string; change: string | null; message: string | null; exact: string }[];

async function timelineOf(shop: string, id: string): Promise<Timeline> {
  const page = await call<{ timeline: Timeline }>(
    shipmentPage.loader,
    await sessionTokenRequest(`/app/shipments/${id}`, shop, INDONESIAN),
  );
  return page.timeline;
}

async function codCsvLine(shop: string, order: string): Promise<string> {
  const response = await call<Response>(
    codCsvRoute.loader,
    await sessionTokenRequest("/app/cod.csv", shop, INDONESIAN),
  );
  return (await response.text()).split("\r\n").find((l) => l.includes(`,${order},`))!;
}

/** The shipments CSV of a place in the list (`?tab=…`), as lines of cells under its header's names. */
async function shipmentsCsv(shop: string, query: string): Promise<Record<string, string>[]> {
  const response = await call<Response>(
    shipmentsCsvRoute.loader,
    await sessionTokenRequest(`/app/shipments.csv${query}`, shop, INDONESIAN),
  );
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  // No cell of these shipments holds a comma or a quote: a line splits at its commas.
  const [header, ...lines] = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
  const names = header!.split(",");
  return lines
    .filter(Boolean)
    .map((line) => Object.fromEntries(line.split(",").map((cell, i) => [names[i], cell])));
}

/** The Monday of a time's week in Jakarta (UTC+7, no daylight saving), as the COD page says a day. */
function mondayInJakarta(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3_600_000);
  const monday = new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toLocaleDateString("id-ID", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

describe("one time for each event", () => {
  it("a delivery the courier dates in the future happened when the app heard of it: the timeline, the payout week and the CSV agree", async () => {
    const { shop, order, shipment } = await stack.booked("cod");
    await sessionStorage.storeSession(offlineSession(shop));
    const before = Date.now();
    await stack.journey(shop, shipment, "delivered");
    const after = Date.now();
    const delivered = (await shipmentOf(db, shop, order.id))!;
    expect(delivered.status).toBe("delivered");
    // Never after the moment the app received it (the courier said two days from now).
    expect(delivered.deliveredAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(delivered.deliveredAt!.getTime()).toBeLessThanOrEqual(after);
    expect(delivered.pickedUpAt!.getTime()).toBeLessThanOrEqual(after);

    const timeline = await timelineOf(shop, shipment.id);
    const arrival = timeline.find((e) => e.title === "Terkirim")!;
    const day = arrival.exact.split(",")[0]!;
    // The COD CSV's "Terkirim atau diretur pada" is the timeline's day…
    expect(await codCsvLine(shop, order.name)).toContain(`,${day},`);
    // …and the payout week is the one that day is in.
    const cod = await call<{ weeks: { week: string }[] }>(
      codPage.loader,
      await sessionTokenRequest("/app/cod", shop, INDONESIAN),
    );
    expect(cod.weeks.map((w) => w.week)).toEqual([mondayInJakarta(delivered.deliveredAt!)]);
    // The shipments CSV of the "Terkirim" tab: the same day, the list's words and plain amounts;
    // another tab's CSV does not hold it.
    const [line] = await shipmentsCsv(shop, "?tab=delivered");
    expect(line).toMatchObject({
      Pesanan: order.name,
      Status: "Terkirim",
      Pembayaran: "COD",
      "Sampai di pembeli": day,
      "Kembali ke toko": "",
    });
    expect(Number(line!["Nilai COD"])).toBeGreaterThan(0);
    expect(line!["Dijemput kurir"]).not.toBe("");
    expect(await shipmentsCsv(shop, "?tab=cancelled")).toEqual([]);
  });

  it("a parcel that came back: its day on the COD page is its day on the timeline", async () => {
    const { shop, order, shipment } = await stack.booked("cod");
    await sessionStorage.storeSession(offlineSession(shop));
    await stack.journey(shop, shipment, "returned");
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.status).toBe("returned");
    expect(back.returnedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const timeline = await timelineOf(shop, shipment.id);
    const returned = timeline.find((e) => e.change?.endsWith("→ Retur sampai ke Anda"))!;
    const cod = await call<{ returned: { order: string; at: string }[] }>(
      codPage.loader,
      await sessionTokenRequest("/app/cod", shop, INDONESIAN),
    );
    expect(cod.returned.map((r) => r.at)).toEqual([returned.exact.split(",")[0]]);
  });

  it("the timeline says each status change once, in its own line", async () => {
    const { shop, shipment } = await stack.booked("cod");
    await sessionStorage.storeSession(offlineSession(shop));
    await stack.journey(shop, shipment, "delivered");
    const timeline = await timelineOf(shop, shipment.id);
    const moves = timeline.filter((e) => e.change?.includes("→"));
    expect(moves.length).toBeGreaterThanOrEqual(3);
    // "Terkirim · Layanan pengiriman · Dalam perjalanan ke pembeli → Terkirim", and no
    // "status dalam perjalanan ke pembeli → terkirim" under it.
    for (const entry of moves) expect(entry.message ?? "").not.toMatch(/status .* → /);
  });
});
