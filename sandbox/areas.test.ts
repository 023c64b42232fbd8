import { describe, expect, it } from "vitest";
import type { apiCaller } from "#test/helpers/sandbox.ts";
import { draftBody, sandboxForFile, testKey } from "#test/helpers/sandbox.ts";

/**
 * The whole country: areas found by name across the islands, priced between one another by the
 * distance between them. The expected provinces are written from Indonesia's map, not from the
 * sandbox's answers.
 */
const TOWNS: [town: string, province: string][] = [
  ["Magelang", "Jawa Tengah"],
  ["Ambon", "Maluku"],
  ["Jayapura", "Papua"],
  ["Kupang", "Nusa Tenggara Timur"],
  ["Tarakan", "Kalimantan Utara"],
  ["Banda Aceh", "Aceh"],
  ["Padang", "Sumatera Barat"],
  ["Pekanbaru", "Riau"],
  ["Bandar Lampung", "Lampung"],
  ["Pangkalpinang", "Kepulauan Bangka Belitung"],
  ["Batam", "Kepulauan Riau"],
  ["Pontianak", "Kalimantan Barat"],
  ["Palangka Raya", "Kalimantan Tengah"],
  ["Banjarmasin", "Kalimantan Selatan"],
  ["Manado", "Sulawesi Utara"],
  ["Palu", "Sulawesi Tengah"],
  ["Kendari", "Sulawesi Tenggara"],
  ["Gorontalo", "Gorontalo"],
  ["Ternate", "Maluku Utara"],
  ["Mataram", "Nusa Tenggara Barat"],
  ["Denpasar", "Bali"],
];

interface AreaAnswer {
  id: string;
  name: string;
  administrative_division_level_1_name: string | null;
  administrative_division_level_2_name: string | null;
  administrative_division_level_3_name: string | null;
  postal_code?: number;
}

const shared = sandboxForFile();
const api: ReturnType<typeof apiCaller> = (...args) => shared.api(...args);

const compact = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^a-z]/g, "");
const search = async (key: string, input: string, type = "single") => {
  const r = await api(
    "GET",
    `/v1/maps/areas?countries=ID&input=${encodeURIComponent(input)}&type=${type}`,
    key,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.areas as AreaAnswer[];
};
const regPrice = async (key: string, from: string, to: string) => {
  const r = await api("POST", "/v1/rates/couriers", key, {
    origin_area_id: from,
    destination_area_id: to,
    couriers: "jne,gojek",
    items: [{ name: "Kemeja", value: 150000, weight: 1000, quantity: 1 }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const pricing = r.body.pricing as { courier_code: string; type: string; price: number }[];
  // Instant couriers price by coordinates only: never between area ids.
  expect(pricing.some((p) => p.courier_code === "gojek")).toBe(false);
  return pricing.find((p) => p.type === "reg")!.price;
};

describe("areas of the whole country", () => {
  it(`finds ${TOWNS.length} towns across the islands by name, the town's own city first`, async () => {
    const key = testKey();
    for (const [town, province] of TOWNS) {
      const areas = await search(key, town);
      const first = areas[0];
      expect(first, town).toBeDefined();
      expect(compact(first!.administrative_division_level_2_name), town).toBe(compact(town));
      expect(first!.administrative_division_level_1_name, town).toBe(province);
      expect(first!.id, town).toMatch(/^IDNP\d+IDNC\d+IDND\d+IDZ\d{5}$/);
      expect(first!.name).toBe(
        `${first!.administrative_division_level_3_name}, ${first!.administrative_division_level_2_name}, ${province}. ${first!.postal_code}`,
      );
    }
  });

  it("searches by district, by district and city, by postal code; closest names first", async () => {
    const key = testKey();
    // Cilandak: Cipete Selatan 12410, Gandaria Selatan 12420, Cilandak Barat 12430, Lebak Bulus 12440, Pondok Labu 12450.
    const cilandak = await search(key, "Cilandak");
    expect(cilandak.map((a) => a.postal_code).sort()).toEqual([12410, 12420, 12430, 12440, 12450]);
    expect(new Set(cilandak.map((a) => a.administrative_division_level_3_name))).toEqual(
      new Set(["Cilandak"]),
    );
    const coblong = await search(key, "Kec. Coblong, Kota Bandung");
    expect(coblong.length).toBeGreaterThan(0);
    expect(
      coblong.every(
        (a) =>
          a.administrative_division_level_3_name === "Coblong" &&
          a.administrative_division_level_2_name === "Bandung",
      ),
    ).toBe(true);
    const byPostal = await search(key, "60271");
    expect(byPostal).toHaveLength(1);
    expect(byPostal[0]).toMatchObject({
      administrative_division_level_2_name: "Surabaya",
      administrative_division_level_3_name: "Genteng",
      postal_code: 60271,
    });
    // A city named exactly as the search comes before a district of that name elsewhere.
    const jayapura = await search(key, "Jayapura");
    expect(jayapura[0]!.administrative_division_level_1_name).toBe("Papua");
    expect(
      jayapura.some((a) => a.administrative_division_level_1_name === "Sumatera Selatan"),
    ).toBe(true);
    expect(await search(key, "Xyzzyplugh")).toEqual([]);
  });

  it("double search: districts first, then a district's areas by its id", async () => {
    const key = testKey();
    const districts = await search(key, "Pesanggrahan", "double");
    expect(districts[0]).toMatchObject({
      name: "Pesanggrahan, Jakarta Selatan, DKI Jakarta",
      administrative_division_level_3_name: "Pesanggrahan",
    });
    expect(districts[0]!.id).toMatch(/^IDNP\d+IDNC\d+IDND\d+$/);
    expect(districts[0]).not.toHaveProperty("postal_code");
    const areas = await api("GET", `/v1/maps/areas/${districts[0]!.id}`, key);
    const postal = (areas.body.areas as AreaAnswer[]).map((a) => a.postal_code);
    expect(postal).toContain(12320);
    expect(postal.length).toBeGreaterThan(1);
    expect(
      (await api("GET", "/v1/maps/areas?countries=ID&input=Cilandak&type=triple", key)).status,
    ).toBe(400);
  });

  it("prices between the towns by the distance between them", async () => {
    const key = testKey();
    const areaOf = async (town: string) => (await search(key, town))[0]!.id;
    const magelang = await areaOf("Magelang");
    // Magelang is about 40 km from Yogyakarta, 600 from Denpasar, 1,500 from Kupang, 3,300 from Jayapura.
    const prices = [
      await regPrice(key, magelang, await areaOf("Gondokusuman")),
      await regPrice(key, magelang, await areaOf("Denpasar")),
      await regPrice(key, magelang, await areaOf("Kupang")),
      await regPrice(key, magelang, await areaOf("Jayapura")),
    ];
    for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThan(prices[i - 1]!);
    // Every pair of the towns is priced (420 pairs).
    const ids = await Promise.all(TOWNS.map(([town]) => areaOf(town)));
    for (const from of ids)
      for (const to of ids)
        if (from !== to) expect(await regPrice(key, from, to)).toBeGreaterThan(0);
  });

  it("a draft between two searched areas names both sides and confirms", async () => {
    const key = testKey();
    const [ambon] = await search(key, "Ambon");
    const [tarakan] = await search(key, "Tarakan");
    const draft = await api(
      "POST",
      "/v1/draft_orders",
      key,
      draftBody({
        origin_postal_code: undefined,
        origin_area_id: ambon!.id,
        destination_postal_code: undefined,
        destination_area_id: tarakan!.id,
        courier_company: "jne",
        courier_type: "reg",
      }),
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.origin).toMatchObject({
      area_id: ambon!.id,
      province_name: "Maluku",
      city_name: "Ambon",
      postal_code: ambon!.postal_code,
    });
    expect(draft.body.destination).toMatchObject({ province_name: "Kalimantan Utara" });
    const order = await api("POST", `/v1/draft_orders/${draft.body.id as string}/confirm`, key);
    expect(order.status).toBe(200);
  });

  it("ids of the live service's numbering locate by their postal code; the documentation's IDNZ spelling too", async () => {
    const key = testKey();
    for (const id of ["IDNP6IDNC148IDND836IDZ12430", "IDNP6IDNC148IDND836IDNZ12430"]) {
      const r = await api("GET", `/v1/maps/areas/${id}`, key);
      expect(r.body.areas).toEqual([
        expect.objectContaining({
          id,
          administrative_division_level_2_name: "Jakarta Selatan",
          administrative_division_level_3_name: "Cilandak",
          postal_code: 12430,
        }),
      ]);
    }
    expect((await api("GET", "/v1/maps/areas/not-an-area", key)).status).toBe(400);
  });

  it("a side given only by coordinates is named by the village nearest it", async () => {
    const key = testKey();
    const r = await api("POST", "/v1/rates/couriers", key, {
      // Monas, Jakarta Pusat, to Tugu Yogyakarta.
      origin_latitude: -6.1754,
      origin_longitude: 106.8272,
      destination_latitude: -7.7829,
      destination_longitude: 110.3671,
      couriers: "jne",
      items: [{ name: "Kemeja", value: 150000, weight: 1000, quantity: 1 }],
    });
    expect(r.body.origin).toMatchObject({
      administrative_division_level_1_name: "DKI Jakarta",
      administrative_division_level_2_name: "Jakarta Pusat",
      administrative_division_level_3_name: "Gambir",
    });
    expect(r.body.destination).toMatchObject({
      administrative_division_level_1_name: "Daerah Istimewa Yogyakarta",
      administrative_division_level_2_name: "Yogyakarta",
    });
  });
});
