/**
 * A small gazetteer of Indonesian areas in the service's id format, enough for area-id locators
 * and GET /v1/maps/areas. Ids follow the live pattern: province, city, district, then the postal
 * code after `IDZ` (`IDNP6IDNC148IDND836IDZ12430`). An id of that structure outside the gazetteer
 * is still understood: its postal code is read from it, and its province, city and district
 * names wherever the gazetteer knows those ids (so the documentation's own example ids work).
 */
export interface AreaDef {
  id: string;
  name: string;
  province: string | null;
  city: string | null;
  district: string | null;
  postalCode: number;
  latitude: number | null;
  longitude: number | null;
}

const rows: [string, string, string, string, number, number, number][] = [
  [
    "IDNP6IDNC148IDND836IDZ12430",
    "DKI Jakarta",
    "Jakarta Selatan",
    "Cilandak",
    12430,
    -6.2886,
    106.7986,
  ],
  [
    "IDNP6IDNC148IDND841IDZ12190",
    "DKI Jakarta",
    "Jakarta Selatan",
    "Kebayoran Baru",
    12190,
    -6.2297,
    106.8031,
  ],
  [
    "IDNP6IDNC147IDND831IDZ10110",
    "DKI Jakarta",
    "Jakarta Pusat",
    "Gambir",
    10110,
    -6.1754,
    106.8272,
  ],
  [
    "IDNP6IDNC150IDND853IDZ11470",
    "DKI Jakarta",
    "Jakarta Barat",
    "Grogol Petamburan",
    11470,
    -6.1663,
    106.7893,
  ],
  [
    "IDNP6IDNC149IDND848IDZ13220",
    "DKI Jakarta",
    "Jakarta Timur",
    "Jatinegara",
    13220,
    -6.225,
    106.87,
  ],
  ["IDNP9IDNC23IDND251IDZ16412", "Jawa Barat", "Depok", "Beji", 16412, -6.3725, 106.8229],
  ["IDNP9IDNC24IDND262IDZ17141", "Jawa Barat", "Bekasi", "Bekasi Utara", 17141, -6.2245, 107.0015],
  ["IDNP9IDNC22IDND232IDZ40115", "Jawa Barat", "Bandung", "Coblong", 40115, -6.8915, 107.6107],
  ["IDNP9IDNC27IDND290IDZ16111", "Jawa Barat", "Bogor", "Bogor Tengah", 16111, -6.595, 106.797],
  ["IDNP3IDNC259IDND2800IDZ15111", "Banten", "Tangerang", "Tangerang", 15111, -6.1783, 106.6319],
  [
    "IDNP10IDNC196IDND2047IDZ50132",
    "Jawa Tengah",
    "Semarang",
    "Semarang Tengah",
    50132,
    -6.9822,
    110.4091,
  ],
  [
    "IDNP5IDNC209IDND2198IDZ55213",
    "DI Yogyakarta",
    "Yogyakarta",
    "Gondokusuman",
    55213,
    -7.7829,
    110.3671,
  ],
  ["IDNP11IDNC444IDND5341IDZ60271", "Jawa Timur", "Surabaya", "Genteng", 60271, -7.2575, 112.7521],
  ["IDNP11IDNC452IDND5391IDZ65111", "Jawa Timur", "Malang", "Klojen", 65111, -7.9797, 112.6304],
  ["IDNP2IDNC99IDND1052IDZ80361", "Bali", "Badung", "Kuta", 80361, -8.718, 115.1686],
  [
    "IDNP2IDNC100IDND1062IDZ80234",
    "Bali",
    "Denpasar",
    "Denpasar Selatan",
    80234,
    -8.6705,
    115.2126,
  ],
  [
    "IDNP34IDNC278IDND3089IDZ20112",
    "Sumatera Utara",
    "Medan",
    "Medan Petisah",
    20112,
    3.5952,
    98.6722,
  ],
  [
    "IDNP33IDNC254IDND2731IDZ30128",
    "Sumatera Selatan",
    "Palembang",
    "Ilir Barat I",
    30128,
    -2.9761,
    104.7754,
  ],
  [
    "IDNP13IDNC288IDND3210IDZ75117",
    "Kalimantan Timur",
    "Samarinda",
    "Samarinda Ulu",
    75117,
    -0.5022,
    117.1536,
  ],
  [
    "IDNP28IDNC332IDND3713IDZ90111",
    "Sulawesi Selatan",
    "Makassar",
    "Ujung Pandang",
    90111,
    -5.1477,
    119.4327,
  ],
  [
    "IDNP24IDNC430IDND5003IDZ99111",
    "Papua",
    "Jayapura",
    "Jayapura Utara",
    99111,
    -2.5337,
    140.7181,
  ],
];

export const AREAS: readonly AreaDef[] = rows.map(
  ([id, province, city, district, postalCode, latitude, longitude]) => ({
    id,
    name: `${district}, ${city}, ${province}. ${postalCode}`,
    province,
    city,
    district,
    postalCode,
    latitude,
    longitude,
  }),
);

const byId = new Map(AREAS.map((a) => [a.id, a]));
const byPostal = new Map(AREAS.map((a) => [a.postalCode, a]));

const AREA_ID = /^IDNP(\d+)IDNC(\d+)IDND(\d+)IDZ(\d{5})$/;
const provinces = new Map<string, string>();
const cities = new Map<string, string>();
const districts = new Map<string, AreaDef>();
for (const a of AREAS) {
  const [, p, c, d] = AREA_ID.exec(a.id)!;
  provinces.set(p!, a.province!);
  cities.set(c!, a.city!);
  districts.set(d!, a);
}

/** The area an id names: from the gazetteer, else read from the id's structure; undefined when the id is not an area id. */
export function areaById(id: string): AreaDef | undefined {
  const known = byId.get(id);
  if (known) return known;
  const m = AREA_ID.exec(id);
  if (!m) return undefined;
  const [, p, c, d, postal] = m;
  const district = districts.get(d!);
  const parts = {
    province: provinces.get(p!) ?? null,
    city: cities.get(c!) ?? null,
    district: district?.district ?? null,
  };
  const named = [parts.district, parts.city, parts.province].filter(Boolean).join(", ");
  return {
    id,
    name: named ? `${named}. ${postal}` : postal!,
    ...parts,
    postalCode: Number(postal),
    latitude: district?.latitude ?? null,
    longitude: district?.longitude ?? null,
  };
}

export const areaByPostalCode = (postalCode: number) => byPostal.get(postalCode);

/** Country and administrative levels of an area (null names where the area is not known). */
export function divisionsJson(a: AreaDef | null) {
  return {
    country_name: "Indonesia",
    country_code: "ID",
    administrative_division_level_1_name: a?.province ?? null,
    administrative_division_level_1_type: "province",
    administrative_division_level_2_name: a?.city ?? null,
    administrative_division_level_2_type: "city",
    administrative_division_level_3_name: a?.district ?? null,
    administrative_division_level_3_type: "district",
  };
}

/** An area as GET /v1/maps/areas answers it. */
export function areaJson(a: AreaDef) {
  return { id: a.id, name: a.name, ...divisionsJson(a), postal_code: a.postalCode };
}

export function searchAreas(input: string): AreaDef[] {
  const q = input.trim().toLowerCase();
  return AREAS.filter(
    (a) => a.name.toLowerCase().includes(q) || String(a.postalCode).startsWith(q),
  );
}
