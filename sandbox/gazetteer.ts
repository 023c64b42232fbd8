/**
 * The sandbox's geography: every village (desa/kelurahan) of Indonesia with its district,
 * city (regency), province, postal code and coordinates, from the `geografis` data set (npm,
 * MIT; Kemendagri codes of Permendagri 72/2019 and 146.1-4717/2020: 34 provinces, 514 cities,
 * 7,2xx districts, 83,449 villages). `areas.ts` turns it into the service's areas.
 *
 * The package ships 30 MB of JSON that takes about half a second to parse, and every test file
 * that starts a sandbox would pay that: the part the sandbox uses, about 3 MB, is kept beside it
 * once (app/platform/package-derived.server.ts) and every later process reads that.
 */
import { packageDerived } from "#app/platform/package-derived.server.ts";
import { geografisVillages, type GeografisVillage } from "#app/addresses/admin-areas.server.ts";

export interface Gazetteer {
  /** Which data set and version this was built from. */
  source: string;
  /** [Kemendagri code "31", name]. */
  provinces: [string, string][];
  /** [code "31.74", name as written ("Kota Administrasi Jakarta Selatan")]. */
  cities: [string, string][];
  /** [code "31.74.06", name, latitude, longitude (the centre of its villages)]. */
  districts: [string, string, number, number][];
  /**
   * The service's areas: a district with one of its postal codes. [index into `districts`, postal
   * code, latitude, longitude (the centre of its villages), its first village's name].
   */
  areas: [number, number, number, number, string][];
  /** The villages in code order, column by column (flat arrays parse several times faster). */
  villages: { area: number[]; latitude: number[]; longitude: number[]; name: string[] };
}

const FORMAT = 3;

let loaded: Gazetteer | undefined;

/** The gazetteer, loaded once per process. */
export function gazetteer(): Gazetteer {
  loaded ??= load();
  return loaded;
}

function load(): Gazetteer {
  return packageDerived({
    packageName: "geografis",
    name: "areas",
    format: FORMAT,
    missing:
      "The area data (the dependency geografis) is not installed: run `npm run setup` (or `npm ci`).",
    build: (dir, source) => build(source, geografisVillages(dir)),
  });
}

/** Villages without a postal code or coordinates (93 in 1.3.2) are left out: no area can name them. */
export function build(source: string, rows: readonly GeografisVillage[]): Gazetteer {
  const provinces = new Map<string, string>();
  const cities = new Map<string, string>();
  const districtIndex = new Map<string, number>();
  const areaIndex = new Map<string, number>();
  const districts: Gazetteer["districts"] = [];
  const areas: Gazetteer["areas"] = [];
  const villages: Gazetteer["villages"] = { area: [], latitude: [], longitude: [], name: [] };
  const districtSums: [number, number, number][] = [];
  const areaSums: [number, number, number][] = [];
  const sorted = [...rows].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  for (const v of sorted) {
    if (!v.postal || v.latitude === null || v.longitude === null) continue;
    const [p, c, d] = v.code.split(".");
    const cityCode = `${p}.${c}`;
    const districtCode = `${cityCode}.${d}`;
    provinces.set(p!, v.province);
    cities.set(cityCode, v.city);
    let di = districtIndex.get(districtCode);
    if (di === undefined) {
      di = districts.length;
      districtIndex.set(districtCode, di);
      districts.push([districtCode, v.district, 0, 0]);
      districtSums.push([0, 0, 0]);
    }
    const areaKey = `${districtCode}|${v.postal}`;
    let ai = areaIndex.get(areaKey);
    if (ai === undefined) {
      ai = areas.length;
      areaIndex.set(areaKey, ai);
      areas.push([di, v.postal, 0, 0, v.village]);
      areaSums.push([0, 0, 0]);
    }
    for (const sum of [districtSums[di]!, areaSums[ai]!]) {
      sum[0] += v.latitude;
      sum[1] += v.longitude;
      sum[2]++;
    }
    villages.area.push(ai);
    villages.latitude.push(round(v.latitude));
    villages.longitude.push(round(v.longitude));
    villages.name.push(v.village);
  }
  districts.forEach((d, i) => {
    const [lat, lng, n] = districtSums[i]!;
    d[2] = round(lat / n);
    d[3] = round(lng / n);
  });
  areas.forEach((a, i) => {
    const [lat, lng, n] = areaSums[i]!;
    a[2] = round(lat / n);
    a[3] = round(lng / n);
  });
  return { source, provinces: [...provinces], cities: [...cities], districts, areas, villages };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;
