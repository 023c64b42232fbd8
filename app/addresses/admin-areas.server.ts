/**
 * Indonesia's administrative areas as the address check reads them: every village (kelurahan /
 * desa) with its postal code, district (kecamatan), city or regency (kota / kabupaten) and
 * province, from the `geografis` data set (npm, MIT; Kemendagri codes of Permendagri 72/2019 and
 * 146.1-4717/2020: 34 provinces, 514 cities, 7,2xx districts, 83,449 villages, 10,672 postal
 * codes). The sandbox reads the same package for its own areas; the app does not depend on it.
 *
 * The package's 30 MB of JSON is read once per installed version into a compact index of about
 * 1.4 MB (app/platform/package-derived.server.ts); a process loads that once, when it first checks an
 * address.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { packageDerived } from "../platform/package-derived.server";

export interface AdminAreas {
  /** Which data set and version this was built from. */
  source: string;
  /** Province names as the data set writes them ("Jawa Timur"). */
  provinces: string[];
  /** [name as written ("Kota Surabaya"), index into provinces]. */
  cities: [string, number][];
  /** [name ("Tegalsari"), index into cities]. */
  districts: [string, number][];
  /** Postal code → the districts it serves, each with its villages there. */
  postals: Record<string, [district: number, villages: string[]][]>;
}

/** A village as the geografis data set writes it (data/json/data.json), the fields read here. */
export interface GeografisVillage {
  code: string;
  postal: number | null;
  province: string;
  city: string;
  district: string;
  village: string;
  latitude: number | null;
  longitude: number | null;
}

/** The data set's villages, parsed (30 MB: only to build a derived form). */
export const geografisVillages = (packageDir: string): GeografisVillage[] =>
  JSON.parse(
    readFileSync(path.join(packageDir, "data/json/data.json"), "utf8"),
  ) as GeografisVillage[];

const FORMAT = 1;

let loaded: AdminAreas | undefined;

/** The index, loaded once per process. */
export function adminAreas(): AdminAreas {
  loaded ??= packageDerived({
    packageName: "geografis",
    name: "admin-areas",
    format: FORMAT,
    missing:
      "The administrative area data (the dependency geografis) is not installed: run `npm ci`.",
    build: (dir, source) => buildAdminAreas(source, geografisVillages(dir)),
  });
  return loaded;
}

/** The index from the data set's villages (those without a postal code are left out). */
export function buildAdminAreas(source: string, rows: readonly GeografisVillage[]): AdminAreas {
  const provinces = new Map<string, number>();
  const cities = new Map<string, number>();
  const districts = new Map<string, number>();
  const areas: AdminAreas = { source, provinces: [], cities: [], districts: [], postals: {} };
  const sorted = [...rows].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  for (const v of sorted) {
    if (!v.postal) continue;
    const [p, c, d] = v.code.split(".");
    let province = provinces.get(p!);
    if (province === undefined) {
      province = areas.provinces.push(v.province) - 1;
      provinces.set(p!, province);
    }
    const cityCode = `${p}.${c}`;
    let city = cities.get(cityCode);
    if (city === undefined) {
      city = areas.cities.push([v.city, province]) - 1;
      cities.set(cityCode, city);
    }
    const districtCode = `${cityCode}.${d}`;
    let district = districts.get(districtCode);
    if (district === undefined) {
      district = areas.districts.push([v.district, city]) - 1;
      districts.set(districtCode, district);
    }
    const served = (areas.postals[String(v.postal)] ??= []);
    const entry = served.find(([at]) => at === district);
    if (entry) entry[1].push(v.village);
    else served.push([district, [v.village]]);
  }
  return areas;
}
