import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before any module reads the environment: the route's Admin API call (the shop's name) goes to
// the fake Shopify started below (its address is set once it listens).
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import { Session } from "@shopify/shopify-api";
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { producerConnection } from "#app/jobs/queues.server.ts";
import { REPRINT_MINUTES, selectForLabels } from "#app/labels/print.server.ts";
import { maskedPhone } from "#app/labels/label-words.ts";
import * as pdfRoute from "#app/routes/app.labels[.]pdf.tsx";
import * as printPage from "#app/routes/app.labels.tsx";
import * as orderApi from "#app/routes/api.orders.$orderId.shipment.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { getShopSettings, redactCustomer, updateShopSettings } from "#app/shops/shops.server.ts";
import { fakeShopName } from "#fakes/shopify/fake-admin.ts";
import {
  offlineSessionRow,
  startFakeShopify,
  type FakeShopify,
} from "#fakes/shopify/fake-shopify-server.ts";
import { afterBookingStack } from "../helpers/after-booking.ts";
import { hasPoppler, pdfFile } from "../helpers/pdf.ts";
import { PICKUP } from "../helpers/pipeline.ts";
import { sessionTokenRequest, type RouteAction } from "../helpers/shopify.ts";

/**
 * Labels from booked shipments: orders booked at the sandbox through the real webhook route and
 * worker, printed through the PDF route with a correctly signed session token, the PDF read back
 * by poppler and ZXing. Label facts come from the service's booked order.
 */
const stack = afterBookingStack({ label: "labels", clockStart: Date.now() });
let shopify: FakeShopify;
beforeAll(async () => {
  shopify = await startFakeShopify();
  process.env.FAKE_SHOPIFY_ADMIN_URL = shopify.url;
});
afterAll(async () => {
  await shopify?.close();
});

const files: { remove(): void }[] = [];
afterAll(() => files.forEach((f) => f.remove()));

async function connected<T extends { shop: string }>(booked: Promise<T>): Promise<T> {
  const b = await booked;
  await sessionStorage.storeSession(
    new Session(offlineSessionRow(b.shop, shopify.connect(b.shop))),
  );
  return b;
}

async function get(
  route: unknown,
  shop: string,
  url: string,
  params: Record<string, string> = {},
): Promise<Response> {
  const request = await sessionTokenRequest(url, shop);
  return (route as RouteAction)({ request, params, context: {} });
}

/** The print page's loader data (a plain object, as Remix's loaders may answer). */
async function printPageData(shop: string, query: string) {
  const data = (await get(printPage.loader, shop, `/app/labels?${query}`)) as unknown;
  return data as { ids: string[]; reprints: number; today: boolean };
}

async function printedPdf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const pdf = pdfFile(Buffer.from(await response.arrayBuffer()));
  files.push(pdf);
  return pdf;
}

const rowOf = async (shop: string, id: string) =>
  (
    await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.shop, shop), eq(shipments.id, id)))
  )[0]!;

describe.skipIf(!hasPoppler)("labels of booked shipments", () => {
  it("keeps the service's booked order as the label's facts: sender, receiver, items with grams, COD", async () => {
    const { shipment, order } = await stack.booked("cod");
    const label = shipment.label!;
    const address = order.shipping_address as { name: string; zip: string };
    expect(label.receiver.name).toBe(address.name);
    expect(label.receiver.postalCode).toBe(address.zip);
    expect(label.sender.name).toBe(PICKUP.contactName);
    expect(label.sender.postalCode).toBe(String(PICKUP.postalCode));
    const lines = order.line_items as { name: string; grams: number; quantity: number }[];
    expect(label.items.map((i) => [i.quantity, i.grams])).toEqual(
      lines.map((l) => [l.quantity, l.grams]),
    );
    expect(label.cod).toBeGreaterThan(0);
    // What the service charged, when the courier was booked (its first history line), the value.
    expect(label.price).toBe(Number(shipment.price));
    expect(Date.parse(label.bookedAt!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(label.items.every((i) => (i.value ?? 0) > 0)).toBe(true);
    expect(label.insured).toBeGreaterThanOrEqual(0);
  });

  it("prints the selected shipments as one PDF, barcodes reading back their waybills, and marks them printed", async () => {
    const cod = await connected(stack.booked("cod"));
    const shop = cod.shop;
    // Another shop's booked shipment, asked for by id in the same print.
    const other = await connected(stack.booked("non-ascii"));
    const foreign = other.shipment;
    const response = await get(
      pdfRoute.loader,
      shop,
      `/app/labels.pdf?ids=${cod.shipment.id},${foreign.id}&layout=thermal`,
    );
    expect(response.headers.get("x-labels-printed")).toBe("1");
    const pdf = await printedPdf(response);
    // Only the signed-in shop's shipment is printed: the other shop's id finds nothing.
    expect(await pdf.barcodes()).toEqual([[cod.shipment.waybillId]]);
    const [page] = pdf.pages();
    expect(page).toContain(`Pesanan ${cod.order.name}`);
    // The order's name as a QR code, for the staff to find the order by scanning the parcel.
    expect(await pdf.barcodes(203, "QRCode")).toEqual([[cod.order.name]]);
    expect(page).toContain(fakeShopName(shop));
    expect(page).toMatch(/COD Rp\s?\d/);
    expect(page).toContain("Koli 1/1");
    expect(page).toMatch(/Tgl kirim \d{1,2} \w{3} \d{4}/);
    // What the buyer paid for shipping (Rp19.000 at checkout), not the service's price to the
    // merchant (with its COD fee).
    expect(cod.shipment.shippingCharged).toBe("19000.00");
    expect(page!.replace(/\s+/g, " ")).toContain("Ongkir Rp19.000");
    expect(page).not.toContain(`Ongkir Rp${Number(cod.shipment.price).toLocaleString("id-ID")}`);
    expect((await getShopSettings(db, shop)).labelShopName).toBe(fakeShopName(shop));
    const printed = await rowOf(shop, cod.shipment.id);
    expect(printed.labelPrintedAt).not.toBeNull();
    // Printing is not a change of the shipment: the list's order stays as it was.
    expect(printed.updatedAt.getTime()).toBe(cod.shipment.updatedAt.getTime());
    const events = await db
      .select()
      .from(shipmentEvents)
      .where(
        and(
          eq(shipmentEvents.shipmentId, cod.shipment.id),
          eq(shipmentEvents.type, "label_printed"),
        ),
      );
    expect(events).toHaveLength(1);
    expect((await rowOf(other.shop, foreign.id)).labelPrintedAt).toBeNull();
    // That shop prints its own: a name and address in several scripts, a character the typeface
    // lacks (桜) printed as "?" rather than an empty box.
    const own = await printedPdf(
      await get(pdfRoute.loader, other.shop, `/app/labels.pdf?ids=${foreign.id}`),
    );
    const [text] = own.pages();
    expect(text).toContain("Zoë Müller-Łukasz");
    expect(text).toContain("Villa “Sakura” ?");
    expect(text).toContain("NON-COD");
    expect(await own.barcodes()).toEqual([[foreign.waybillId]]);
  });

  it("prints every booked shipment not printed today, and then has none left; reprinting works", async () => {
    const first = await connected(stack.booked("cod"));
    const shop = first.shop;
    await updateShopSettings(db, shop, { labelShopName: "Toko Batik Sekar", labelLayout: "a4" });
    const page = () => printPageData(shop, "pending=today");
    const before = await page();
    expect(before).toMatchObject({ ids: [first.shipment.id], reprints: 0, today: true });
    // The page prints exactly the ids it listed, at the shop's size (A4 here).
    const pdf = await printedPdf(
      await get(pdfRoute.loader, shop, `/app/labels.pdf?ids=${before.ids.join(",")}`),
    );
    expect(pdf.pageSizes()).toEqual([[595.28, 841.89]]);
    expect(pdf.pages()[0]).toContain("Toko Batik Sekar");
    expect((await page()).ids).toEqual([]);
    // Printed yesterday (Jakarta time): due again today.
    await db
      .update(shipments)
      .set({ labelPrintedAt: new Date(Date.now() - 36 * 3600_000) })
      .where(eq(shipments.id, first.shipment.id));
    expect((await page()).ids).toEqual([first.shipment.id]);
    // A reprint of a shipment printed before: its page says so, and the PDF comes again.
    expect((await printPageData(shop, `ids=${first.shipment.id}`)).reprints).toBe(1);
    const reprint = await printedPdf(
      await get(pdfRoute.loader, shop, `/app/labels.pdf?ids=${first.shipment.id}&layout=thermal`),
    );
    expect(await reprint.barcodes()).toEqual([[first.shipment.waybillId]]);
    // The shop's label settings: no ongkir line, the buyer's phone with its middle hidden; the
    // shop's own phone stays whole.
    const phone = first.shipment.label!.receiver.phone!;
    expect(reprint.pages()[0]!.replace(/\s+/g, " ")).toContain(phone);
    await updateShopSettings(db, shop, { labelShippingCost: false, labelMaskPhone: true });
    const kept = await printedPdf(
      await get(pdfRoute.loader, shop, `/app/labels.pdf?ids=${first.shipment.id}&layout=thermal`),
    );
    const text = kept.pages()[0]!.replace(/\s+/g, " ");
    expect(text).not.toContain("Ongkir");
    expect(text).not.toContain(phone);
    expect(text).toContain(maskedPhone(phone)!);
    expect(text).toContain(first.shipment.label!.sender.phone!);
  });

  it("reads a label's facts from the service for a shipment booked before labels were kept", async () => {
    const booked = await connected(stack.booked("cod"));
    await db.update(shipments).set({ label: null }).where(eq(shipments.id, booked.shipment.id));
    const pdf = await printedPdf(
      await get(pdfRoute.loader, booked.shop, `/app/labels.pdf?ids=${booked.shipment.id}`),
    );
    expect(await pdf.barcodes()).toEqual([[booked.shipment.waybillId]]);
    const saved = await rowOf(booked.shop, booked.shipment.id);
    expect(saved.label).toEqual(booked.shipment.label);
  });

  it("leaves out what has no label, says why, and prints nothing for another shop", async () => {
    const booked = await connected(stack.booked("cod"));
    const stranger = await connected(stack.booked("cod"));
    await db
      .update(shipments)
      .set({ status: "cancelled" })
      .where(eq(shipments.id, booked.shipment.id));
    const { rows, skipped } = await selectForLabels(db, booked.shop, { ids: [booked.shipment.id] });
    expect(rows).toEqual([]);
    expect(skipped).toEqual([
      {
        id: booked.shipment.id,
        orderName: booked.order.name,
        reason: "cancelled",
      },
    ]);
    const nothing = await get(
      pdfRoute.loader,
      booked.shop,
      `/app/labels.pdf?ids=${booked.shipment.id}`,
    );
    expect(nothing.status).toBe(404);
    // Another shop's session asking for this shop's shipment: not found, not marked.
    const foreign = await get(
      pdfRoute.loader,
      stranger.shop,
      `/app/labels.pdf?ids=${booked.shipment.id}`,
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: "Nothing to print", skipped: [] });
    expect((await get(pdfRoute.loader, booked.shop, "/app/labels.pdf?ids=nope")).status).toBe(400);
  });

  it("forgets the label's receiver when the customer's data is removed, and prints no label for it", async () => {
    const booked = await connected(stack.booked("cod"));
    await redactCustomer(db, booked.shop, null, [booked.shipment.orderId]);
    const row = await rowOf(booked.shop, booked.shipment.id);
    expect(row.label).toBeNull();
    expect(JSON.stringify(row)).not.toContain(booked.shipment.label!.receiver.phone!);
    // A later status from the service does not bring the receiver back.
    await stack.moves(booked.shop, booked.shipment, "picked");
    expect((await rowOf(booked.shop, booked.shipment.id)).label).toBeNull();
    const { skipped } = await selectForLabels(db, booked.shop, { ids: [booked.shipment.id] });
    expect(skipped[0]?.reason).toBe("redacted");
  });

  it("a shop prints one print at a time: a second one meanwhile is refused in words", async () => {
    const booked = await connected(stack.booked("cod"));
    const url = `/app/labels.pdf?ids=${booked.shipment.id}`;
    // A print of this shop under way (in this process or another: the lease is in Redis).
    const lease = `${getEnv().QUEUE_PREFIX}:labels:printing:${booked.shop}`;
    await producerConnection().set(lease, "another-print", "PX", 60_000);
    const refused = await get(pdfRoute.loader, booked.shop, url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Your labels are still being prepared: wait for that print to finish/,
    );
    expect((await rowOf(booked.shop, booked.shipment.id)).labelPrintedAt).toBeNull();
    // That print done, this one goes ahead, and gives its lease back.
    await producerConnection().del(lease);
    await printedPdf(await get(pdfRoute.loader, booked.shop, url));
    expect(await producerConnection().exists(lease)).toBe(0);
  });

  it("the same label fetched again soon (a reload, the PDF viewer) is one print on the timeline", async () => {
    const booked = await connected(stack.booked("cod"));
    const url = `/app/labels.pdf?ids=${booked.shipment.id}`;
    const printedLines = async () =>
      (
        await db
          .select()
          .from(shipmentEvents)
          .where(
            and(
              eq(shipmentEvents.shipmentId, booked.shipment.id),
              eq(shipmentEvents.type, "label_printed"),
            ),
          )
      ).length;
    await printedPdf(await get(pdfRoute.loader, booked.shop, url));
    await printedPdf(await get(pdfRoute.loader, booked.shop, url));
    await printedPdf(await get(pdfRoute.loader, booked.shop, url));
    expect(await printedLines()).toBe(1);
    // Printed again later: a print of its own.
    await db
      .update(shipments)
      .set({ labelPrintedAt: new Date(Date.now() - (REPRINT_MINUTES + 1) * 60_000) })
      .where(eq(shipments.id, booked.shipment.id));
    await printedPdf(await get(pdfRoute.loader, booked.shop, url));
    expect(await printedLines()).toBe(2);
  });

  it("the order block offers the label of a booked shipment", async () => {
    const booked = await connected(stack.booked("cod"));
    const response = await get(
      orderApi.loader,
      booked.shop,
      `/api/orders/${booked.shipment.orderId}/shipment`,
      { orderId: booked.shipment.orderId },
    );
    const body = (await response.json()) as { shipments: { label: unknown }[] };
    expect(body.shipments[0]!.label).toEqual({ printable: true, printedAt: null });
  });
});
