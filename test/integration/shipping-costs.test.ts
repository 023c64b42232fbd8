import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import * as costsPage from "#app/routes/app.costs/route.tsx";
import * as costsCsv from "#app/routes/app.costs[.]csv.tsx";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { markReweighChecked } from "#app/costs/reweigh-checked.server.ts";
import { actionDeps } from "#app/shipments/action-deps.server.ts";
import { ShipmentActionError } from "#app/shipments/actions.server.ts";
import { afterBookingStack, eventTypesOf } from "../helpers/after-booking.ts";
import { shipmentOf } from "../helpers/pipeline.ts";
import {
  INDONESIAN as indonesian,
  routeData as call,
  offlineSession,
  sessionTokenRequest,
} from "../helpers/shopify.ts";

/**
 * What shipping really cost: a parcel the courier re-weighed (the sandbox's `order.price` with a
 * higher price) and a parcel that came back (the courier's return fee), through the worker, the
 * sandbox over HTTP, and the costs page, its CSV and the shipment page through their routes with a
 * correctly signed session token, read in Bahasa Indonesia.
 */
const stack = afterBookingStack({
  label: "costs",
  clockStart: Date.UTC(2026, 10, 24, 1, 0, 0),
  stepMs: 3_600_000,
});

describe("a parcel the courier re-weighed", () => {
  it("keeps the quote, takes the higher price, goes under needs attention above the threshold, and is listed with both weights", async () => {
    const { shop, order, shipment } = await stack.booked("cod", { reweighProblemAbove: 5_000 });
    await sessionStorage.storeSession(offlineSession(shop));
    // Booked: the quote is the booking's price; the customer paid Rp19.000 for shipping.
    expect(shipment.quotedPrice).not.toBeNull();
    expect(Number(shipment.quotedPrice)).toBe(Number(shipment.price));
    expect(shipment.shippingCharged).toBe("19000.00");
    const quoted = Number(shipment.quotedPrice);
    const codFee = Number(shipment.codFee ?? 0);

    await stack.journey(shop, shipment, "reweighed");
    const after = (await shipmentOf(db, shop, order.id))!;
    expect(after.status).toBe("delivered");
    expect(Number(after.quotedPrice)).toBe(quoted);
    // One more kilogram at the same rate: the shipping fee doubles (the items weigh 0.9 kg, billed as 1).
    const rise = quoted - codFee;
    expect(Number(after.price)).toBe(quoted + rise);
    expect(after.returnFee).toBeNull();
    expect(after.problemKinds).toEqual(["reweighed"]);
    expect(await eventTypesOf(shipment.id)).toContain("reweighed");

    // The costs page, in Indonesian: listed with both weights and the difference.
    const page = await call<Awaited<ReturnType<typeof costsPage.loader>>>(
      costsPage.loader,
      await sessionTokenRequest("/app/costs?days=30", shop, indonesian),
    );
    expect(page.days).toBe(30);
    expect(page.surcharged).toHaveLength(1);
    const money = (n: number) => `Rp${n.toLocaleString("id-ID")}`;
    expect(page.surcharged[0]).toMatchObject({
      id: shipment.id,
      order: order.name,
      quoted: money(quoted),
      final: money(quoted + rise),
      rise: `+${money(rise)}`,
      declared: "0,9 kg",
      implied: "sekitar 2 kg",
    });
    expect(page.totals).toMatchObject({
      parcels: 1,
      charged: "Rp19.000",
      paid: money(quoted + rise),
      surcharges: money(rise),
      surcharged: 1,
      returned: 0,
      margin: `−${money(quoted + rise - 19_000)}`,
      marginSign: -1,
    });
    expect(page.byCourier.map((c) => [c.name, c.parcels])).toEqual([["JNE", 1]]);
    expect(page.byWeek).toHaveLength(1);

    // The shipment page says it, and offers to accept it; accepted once, then refused in words.
    const view = await call<Awaited<ReturnType<typeof shipmentPage.loader>>>(
      shipmentPage.loader,
      await sessionTokenRequest(`/app/shipments/${shipment.id}`, shop, indonesian),
    );
    expect(view.cost?.checkable).toBe(true);
    expect(view.cost?.lines[0]).toBe(
      `Saat dipesan ${money(quoted)}; kurir menambah ${money(rise)} setelah menimbang ulang (berat dikirim 0,9 kg, ditagih sekitar 2 kg)`,
    );
    const checked = await markReweighChecked(actionDeps(), shop, shipment.id);
    expect(checked.problem).toBeNull();
    await expect(markReweighChecked(actionDeps(), shop, shipment.id)).rejects.toBeInstanceOf(
      ShipmentActionError,
    );

    // The CSV: the parcel with both weights, as plain numbers.
    const response = await call<Response>(
      costsCsv.loader,
      await sessionTokenRequest("/app/costs.csv?days=30", shop, indonesian),
    );
    const [header, row] = (await response.text()).trim().split("\r\n");
    expect(header).toContain("Berat menurut kurir (kg)");
    const cells = row!.split(",");
    expect(cells).toEqual(
      expect.arrayContaining([
        order.name,
        "19000",
        String(quoted),
        String(quoted + rise),
        "0.9",
        "2",
      ]),
    );
  });

  it("below the shop's threshold is listed but raises no problem", async () => {
    const { shop, order, shipment } = await stack.booked("cod", { reweighProblemAbove: 1_000_000 });
    await stack.journey(shop, shipment, "reweighed");
    const after = (await shipmentOf(db, shop, order.id))!;
    expect(Number(after.price)).toBeGreaterThan(Number(after.quotedPrice));
    expect(after.problem).toBeNull();
    expect(await eventTypesOf(shipment.id)).toContain("reweighed");
  });
});

describe("a parcel that came back", () => {
  it("costs its return fee too, which is not a re-weigh", async () => {
    const { shop, order, shipment } = await stack.booked("cod");
    await sessionStorage.storeSession(offlineSession(shop));
    const quoted = Number(shipment.quotedPrice);
    const shippingFee = quoted - Number(shipment.codFee ?? 0);
    await stack.journey(shop, shipment, "returned");
    const back = (await shipmentOf(db, shop, order.id))!;
    expect(back.status).toBe("returned");
    // The courier charged the way back: the one-way shipping fee, in the service's price.
    expect(Number(back.returnFee)).toBe(shippingFee);
    expect(Number(back.price)).toBe(quoted + shippingFee);
    expect(back.problemKinds).not.toContain("reweighed");
    expect(await eventTypesOf(shipment.id)).toContain("return_fee");

    const page = await call<Awaited<ReturnType<typeof costsPage.loader>>>(
      costsPage.loader,
      await sessionTokenRequest("/app/costs", shop, indonesian),
    );
    const money = (n: number) => `Rp${n.toLocaleString("id-ID")}`;
    expect(page.surcharged).toEqual([]);
    expect(page.totals).toMatchObject({
      parcels: 1,
      paid: money(quoted + shippingFee),
      returnFees: money(shippingFee),
      returned: 1,
      surcharged: 0,
    });
  });
});
