/**
 * Indonesia's areas as the service's maps API names them, for the whole country (from
 * `gazetteer.ts`): an area is a district with one of its postal codes ("Cilandak, Jakarta
 * Selatan, DKI Jakarta. 12430"), located at the centre of its villages.
 *
 * Ids have the service's structure: province, city, district, then the postal code after `IDZ`.
 * The sandbox numbers them with the Kemendagri codes (`IDNP31IDNC3174IDND317406IDZ12430` for
 * Cilandak 12430); the live service has its own numbering (`IDNP6IDNC148IDND836IDZ12430` in its
 * documentation), which the sandbox cannot know. An id of that structure that is not one of the
 * sandbox's is still understood: by its district when that is one of the sandbox's, else by its
 * postal code (so the documentation's own example ids locate where they say). The documentation
 * also writes `IDNZ` once for `IDZ`; both are read.
 */
import { gazetteer } from "./gazetteer.ts";

export interface AreaDef {
  id: string;
  name: string;
  province: string | null;
  city: string | null;
  district: string | null;
  /** The area's first village (kelurahan or desa): the fourth administrative level. */
  subdistrict: string | null;
  postalCode: number;
  latitude: number | null;
  longitude: number | null;
}

/** A district without a postal code: what a `type=double` search answers first. */
export interface DistrictDef {
  id: string;
  name: string;
  province: string;
  city: string;
  district: string;
  latitude: number;
  longitude: number;
  areas: AreaDef[];
}

interface Keys {
  /** Each name's words run together ("pangkalpinang"): spellings differ in their spaces. */
  district: string;
  city: string;
  province: string;
  words: string[];
}

interface Index {
  areas: AreaDef[];
  byId: Map<string, AreaDef>;
  byPostal: Map<number, AreaDef[]>;
  districts: DistrictDef[];
  districtById: Map<string, DistrictDef>;
}

/** What only searches need, built on the first search. */
interface SearchIndex {
  areaKeys: Keys[];
  districtKeys: Keys[];
}

/** What only naming a coordinate needs, built on the first such lookup. */
interface VillageGrid {
  grid: Map<number, number[]>;
}

const AREA_ID = /^(IDNP(\d+)IDNC(\d+)IDND(\d+))(?:IDN?Z(\d{5}))?$/;
/** Results of one search, at most (the service's page size is undocumented). */
export const SEARCH_LIMIT = 100;
const CELL = 4; // grid cells of 1/4 degree for the nearest-village lookup

/** "Kabupaten Magelang" and "Kota Magelang" are both "Magelang", as the service names cities. */
export const cityName = (raw: string) =>
  raw.replace(/^Kota Administrasi\s+/, "").replace(/^(Kabupaten|Kota)\s+/, "");

const STOP_WORDS = new Set([
  "kabupaten",
  "kab",
  "kota",
  "kecamatan",
  "kec",
  "provinsi",
  "prov",
  "kelurahan",
  "kel",
  "desa",
  "administrasi",
  "adm",
]);

/** Lower case, letters and digits only, without the words that name a level ("kota", "kec."). */
export function words(s: string): string[] {
  return s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "" && !STOP_WORDS.has(w));
}

let built: Index | undefined;
const index = () => (built ??= buildIndex());
let searchBuilt: SearchIndex | undefined;
const searchIndex = () => (searchBuilt ??= buildSearchIndex());
let gridBuilt: VillageGrid | undefined;
const villageGrid = () => (gridBuilt ??= buildGrid());

function buildIndex(): Index {
  const g = gazetteer();
  const provinces = new Map(g.provinces);
  const cities = new Map(g.cities);
  const digits = (code: string) => code.replaceAll(".", "");
  const districts: DistrictDef[] = g.districts.map(([code, name, latitude, longitude]) => {
    const [p, c] = code.split(".");
    const province = provinces.get(p!)!;
    const city = cityName(cities.get(`${p}.${c}`)!);
    return {
      id: `IDNP${p}IDNC${digits(`${p}.${c}`)}IDND${digits(code)}`,
      name: `${name}, ${city}, ${province}`,
      province,
      city,
      district: name,
      latitude,
      longitude,
      areas: [],
    };
  });
  const byPostal = new Map<number, AreaDef[]>();
  const areas = g.areas.map(([d, postalCode, latitude, longitude, subdistrict]): AreaDef => {
    const district = districts[d]!;
    const area: AreaDef = {
      id: `${district.id}IDZ${postalCode}`,
      name: `${district.name}. ${postalCode}`,
      province: district.province,
      city: district.city,
      district: district.district,
      subdistrict,
      postalCode,
      latitude,
      longitude,
    };
    district.areas.push(area);
    const list = byPostal.get(postalCode);
    if (list) list.push(area);
    else byPostal.set(postalCode, [area]);
    return area;
  });
  return {
    areas,
    byId: new Map(areas.map((a) => [a.id, a])),
    byPostal,
    districts,
    districtById: new Map(districts.map((d) => [d.id, d])),
  };
}

function buildSearchIndex(): SearchIndex {
  const keysOf = (x: { district: string | null; city: string | null; province: string | null }) => {
    const district = words(x.district ?? "");
    const city = words(x.city ?? "");
    const province = words(x.province ?? "");
    return {
      district: district.join(""),
      city: city.join(""),
      province: province.join(""),
      words: [...district, ...city, ...province],
    };
  };
  const i = index();
  return { areaKeys: i.areas.map(keysOf), districtKeys: i.districts.map(keysOf) };
}

function buildGrid(): VillageGrid {
  const grid = new Map<number, number[]>();
  const { latitude, longitude } = gazetteer().villages;
  for (let n = 0; n < latitude.length; n++) {
    const cell = cellOf(latitude[n]!, longitude[n]!);
    const list = grid.get(cell);
    if (list) list.push(n);
    else grid.set(cell, [n]);
  }
  return { grid };
}

const cellOf = (lat: number, lng: number) =>
  (Math.floor(lat * CELL) + 90 * CELL) * 1000 * CELL + (Math.floor(lng * CELL) + 180 * CELL);

/** How many areas, districts and villages the sandbox knows, and from which data set. */
export function areaCounts() {
  const g = gazetteer();
  return {
    source: g.source,
    areas: g.areas.length,
    districts: g.districts.length,
    villages: g.villages.name.length,
  };
}

/** The area an id names; undefined when the id is not an area id (a district id is not one). */
export function areaById(id: string): AreaDef | undefined {
  const i = index();
  const known = i.byId.get(id.replace("IDNZ", "IDZ"));
  if (known) return known;
  const m = AREA_ID.exec(id);
  if (!m || m[5] === undefined) return undefined;
  const postalCode = Number(m[5]);
  const district = i.districtById.get(m[1]!);
  const at = district ?? i.byPostal.get(postalCode)?.[0];
  const parts = {
    province: at?.province ?? null,
    city: at?.city ?? null,
    district: at?.district ?? null,
  };
  const named = [parts.district, parts.city, parts.province].filter(Boolean).join(", ");
  return {
    id,
    name: named ? `${named}. ${postalCode}` : String(postalCode),
    ...parts,
    subdistrict: district ? null : (i.byPostal.get(postalCode)?.[0]?.subdistrict ?? null),
    postalCode,
    latitude: at?.latitude ?? null,
    longitude: at?.longitude ?? null,
  };
}

/** A district by its id (an area id without the postal code), with its areas. */
export const districtById = (id: string): DistrictDef | undefined => index().districtById.get(id);

/** The first area with this postal code (a few postal codes span two districts). */
export const areaByPostalCode = (postalCode: number): AreaDef | undefined =>
  index().byPostal.get(postalCode)?.[0];

/**
 * Where a side of a shipment is, as the service names it: its area (given by id, else found by its
 * postal code, else by its coordinates) and, unless `village` is false, the village (fourth level)
 * there. Null when neither the postal code nor the coordinates are anywhere the sandbox's data
 * knows. The nearest-village lookup runs only when the area or the village needs it.
 */
export function placeOf(
  side: {
    area: AreaDef | null;
    postalCode: number | null;
    coordinate: { latitude: number; longitude: number } | null;
  },
  village = true,
): { area: AreaDef; village: string | null } | null {
  const named =
    side.area ?? (side.postalCode !== null ? areaByPostalCode(side.postalCode) : undefined);
  const near =
    side.coordinate && (!named || village)
      ? nearestPlace(side.coordinate.latitude, side.coordinate.longitude)
      : undefined;
  const area = named ?? near?.area;
  if (!area) return null;
  return {
    area,
    village:
      near && near.area.district === area.district && near.area.city === area.city
        ? near.village
        : area.subdistrict,
  };
}

/** The area of a side (see `placeOf`), without looking for its village. */
export const areaOfSide = (side: Parameters<typeof placeOf>[0]): AreaDef | null =>
  placeOf(side, false)?.area ?? null;

/**
 * The village nearest a coordinate and its area, within 50 km (none out at sea or abroad): how a
 * side given only by coordinates is named.
 */
export function nearestPlace(
  latitude: number,
  longitude: number,
): { area: AreaDef; village: string; km: number } | undefined {
  const { grid } = villageGrid();
  const villages = gazetteer().villages;
  let best = -1;
  let bestKm = Infinity;
  for (let ring = 0; ring <= 2; ring++) {
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const cell = cellOf(latitude + dy / CELL, longitude + dx / CELL);
        for (const v of grid.get(cell) ?? []) {
          const km = haversineKm(
            latitude,
            longitude,
            villages.latitude[v]!,
            villages.longitude[v]!,
          );
          if (km < bestKm) {
            bestKm = km;
            best = v;
          }
        }
      }
    }
    // Cells beyond ring r are at least r cells (≈ 27.75 km each) away: stop once none can be closer.
    if (best >= 0 && bestKm < (ring * 111) / CELL) break;
  }
  if (best < 0 || bestKm > 50) return undefined;
  return {
    area: index().areas[villages.area[best]!]!,
    village: villages.name[best]!,
    km: bestKm,
  };
}

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * How close a place's names are to the search (lower is closer), or -1 when it does not match:
 * every word of the search starts a word of its names (a postal code by its leading digits), or
 * the search run together is part of one name run together ("Pangkalpinang", "Palangka Raya").
 */
function closeness(keys: Keys, postal: number | null, query: string[], joined: string): number {
  const matches = query.every((q) =>
    /^\d+$/.test(q)
      ? postal !== null && String(postal).startsWith(q)
      : keys.words.some((w) => w.startsWith(q)),
  );
  if (
    !matches &&
    !keys.district.includes(joined) &&
    !keys.city.includes(joined) &&
    !keys.province.includes(joined)
  )
    return -1;
  if (postal !== null && joined === String(postal)) return 0;
  if (keys.city === joined) return 0;
  if (keys.district === joined) return 1;
  if (`${keys.district}${keys.city}`.startsWith(joined)) return 2;
  if (keys.district.startsWith(joined)) return 3;
  if (keys.city.startsWith(joined)) return 4;
  if (keys.province.startsWith(joined)) return 5;
  return 6;
}

function ranked<T extends { name: string }>(
  items: readonly T[],
  keys: readonly Keys[],
  postal: (item: T) => number | null,
  input: string,
): T[] {
  const query = words(input);
  if (query.length === 0) return [];
  const joined = query.join("");
  const hits: { item: T; score: number }[] = [];
  items.forEach((item, n) => {
    const score = closeness(keys[n]!, postal(item), query, joined);
    if (score >= 0) hits.push({ item, score });
  });
  hits.sort((a, b) => a.score - b.score || a.item.name.localeCompare(b.item.name));
  return hits.slice(0, SEARCH_LIMIT).map((h) => h.item);
}

/** `type=single`: areas (district and postal code) by district, city, province or postal code. */
export const searchAreas = (input: string): AreaDef[] =>
  ranked(index().areas, searchIndex().areaKeys, (a) => a.postalCode, input);

/** `type=double`, first step: districts by district, city or province name (or a postal code in them). */
export function searchDistricts(input: string): DistrictDef[] {
  const i = index();
  if (/^\d{3,5}$/.test(input.trim())) {
    const seen = new Set<DistrictDef>();
    for (const area of searchAreas(input)) {
      const d = i.districtById.get(area.id.replace(/IDZ\d{5}$/, ""));
      if (d) seen.add(d);
    }
    return [...seen];
  }
  return ranked(i.districts, searchIndex().districtKeys, () => null, input);
}

/** Country and administrative levels 1-3 of an area (null names where the area is not known). */
export function divisionsJson(a: Pick<AreaDef, "province" | "city" | "district"> | null) {
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

/** A district as the first step of a `type=double` search answers it: no postal code yet. */
export function districtJson(d: DistrictDef) {
  return { id: d.id, name: d.name, ...divisionsJson(d) };
}
