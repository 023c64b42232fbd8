import { said, type Said } from "../i18n/said";
import type { AdminAreas } from "./admin-areas.server";
import { plainPlace, samePlace } from "./place-names";

/**
 * What a courier looking for the door would find wrong with an Indonesian address, said in the
 * merchant's words: a postal code that is not the stated province's, city's, kecamatan's or
 * kelurahan's (checked against Kemendagri's data: ./admin-areas.server.ts), a postal code no area
 * has, a street without a house number or RT/RW, an address that is only a landmark ("dekat
 * masjid"). It says only what the data shows: a place name it does not know (a typo, a hamlet, a
 * new district) is not held against the address.
 */

export type AddressFindingKind =
  /** No postal code at all. */
  | "noPostalCode"
  /** A 5-digit postal code no Indonesian village has. */
  | "postalUnknown"
  /** The postal code belongs to another province, city, kecamatan or kelurahan than the one named. */
  | "areaMismatch"
  /** Only a landmark, no street. */
  | "landmarkOnly"
  /** No house number and no RT/RW. */
  | "noHouseNumber"
  /** Under 15 characters of street. */
  | "shortAddress";

export interface AddressFinding {
  kind: AddressFindingKind;
  said: Said;
}

/** The address as a Shopify order's shipping address carries it. */
export interface AddressParts {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  province?: string | null;
  zip?: string | null;
}

/** A street shorter than this says too little. */
export const SHORT_STREET = 15;

const LANDMARK = /\b(dekat|depan|samping|belakang|sebelah|seberang|pojok|ujung|sebrang)\b/i;
const STREET_WORD =
  /\b(jl|jln|jalan|gg|gang|perum|perumahan|komplek|kompleks|komp|blok|blk|dusun|dsn|lorong|lrg|kampung|kp|kav|kavling|ruko|apartemen|apt|cluster|rt|rw|no)\b/i;

/** Named after "Kec." / "Kecamatan", or "Kel." / "Kelurahan" / "Desa", up to the next part. */
const NAMED = {
  district: /\bkec(?:amatan)?\b\.?\s*([^,;\n/]+)/i,
  village: /\b(?:kel(?:urahan)?|desa|ds)\b\.?\s*([^,;\n/]+)/i,
};
const NAME_ENDS =
  /\s+(?:kec(?:amatan)?|kel(?:urahan)?|desa|kab(?:upaten)?|kota|prov(?:insi)?|rt|rw|no|kode\s+pos)\b.*$|\s+\d.*$/i;

interface Lookups {
  citiesByName: Map<string, number[]>;
  districtsByName: Map<string, number[]>;
  /** City → the plain names of its villages. */
  villagesOfCity: Map<number, Set<string>>;
}
const built = new WeakMap<AdminAreas, Lookups>();

function lookups(areas: AdminAreas): Lookups {
  let found = built.get(areas);
  if (found) return found;
  const citiesByName = new Map<string, number[]>();
  areas.cities.forEach(([name], i) => push(citiesByName, plainPlace(name), i));
  const districtsByName = new Map<string, number[]>();
  areas.districts.forEach(([name], i) => push(districtsByName, plainPlace(name), i));
  const villagesOfCity = new Map<number, Set<string>>();
  for (const served of Object.values(areas.postals))
    for (const [district, villages] of served) {
      const city = areas.districts[district]![1];
      let set = villagesOfCity.get(city);
      if (!set) villagesOfCity.set(city, (set = new Set()));
      for (const v of villages) set.add(plainPlace(v));
    }
  found = { citiesByName, districtsByName, villagesOfCity };
  built.set(areas, found);
  return found;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The name after a marker ("Kec. Tegalsari, Surabaya" → "Tegalsari"), or null. */
function namedAfter(text: string, marker: RegExp): string | null {
  const match = marker.exec(text);
  if (!match) return null;
  const name = match[1]!.replace(NAME_ENDS, "").trim();
  return name.length >= 3 ? name : null;
}

/** Everything the address's street and area say against it, weightiest first. */
export function checkAddress(areas: AdminAreas, address: AddressParts): AddressFinding[] {
  const findings: AddressFinding[] = [];
  const zip = address.zip?.trim() ?? "";
  if (!zip) findings.push({ kind: "noPostalCode", said: said("codRiskNoPostalCode") });
  else if (/^\d{5}$/.test(zip)) {
    const mismatch = areaMismatch(areas, zip, address);
    if (mismatch) findings.push(mismatch);
  }
  findings.push(...streetFindings(address, zip));
  return findings;
}

/** The broadest level the postal code does not belong to, said with where it does belong. */
function areaMismatch(
  areas: AdminAreas,
  zip: string,
  address: AddressParts,
): AddressFinding | null {
  const served = areas.postals[zip];
  if (!served)
    return { kind: "postalUnknown", said: said("codRiskPostalUnknown", { postal: zip }) };
  const { citiesByName, districtsByName, villagesOfCity } = lookups(areas);
  const districts = served.map(([d]) => d);
  const cities = [...new Set(districts.map((d) => areas.districts[d]![1]))];
  const provinces = [...new Set(cities.map((c) => areas.cities[c]![1]))];
  const home = areas.districts[districts[0]!]!;
  const belongs = {
    district: home[0],
    city: areas.cities[home[1]]![0],
    province: areas.provinces[areas.cities[home[1]]![1]]!,
  };
  const mismatch = (key: Said["key"], values: Record<string, string>): AddressFinding => ({
    kind: "areaMismatch",
    said: said(key, { postal: zip, ...values, ...belongs }),
  });

  const province = plainPlace(address.province);
  const knownProvince = areas.provinces.some((p) => samePlace(plainPlace(p), province));
  if (
    province &&
    knownProvince &&
    !provinces.some((p) => samePlace(plainPlace(areas.provinces[p]), province))
  )
    return mismatch("codRiskPostalNotInProvince", { named: address.province!.trim() });

  const text = [address.address1, address.address2, address.city].filter(Boolean).join(", ");
  const inPostal = (d: number) => districts.includes(d);
  const cityName = plainPlace(address.city);
  const postalHasPlace = (plain: string) =>
    cities.some((c) => samePlace(plainPlace(areas.cities[c]![0]), plain)) ||
    districts.some((d) => samePlace(plainPlace(areas.districts[d]![0]), plain)) ||
    served.some(([, villages]) => villages.some((v) => plainPlace(v) === plain));
  if (cityName && !postalHasPlace(cityName)) {
    // Only a city the data knows is held against it; a name it does not know says nothing.
    if ([...citiesByName.keys()].some((c) => samePlace(c, cityName)))
      return mismatch("codRiskPostalNotInCity", { named: address.city!.trim() });
    const otherDistrict = (districtsByName.get(cityName) ?? []).some(
      (d) => cities.includes(areas.districts[d]![1]) && !inPostal(d),
    );
    if (otherDistrict)
      return mismatch("codRiskPostalNotInDistrict", {
        named: address.city!.replace(/^\s*kec(?:amatan)?\b\.?\s*/i, "").trim(),
      });
  }

  const district = namedAfter(text, NAMED.district);
  if (district) {
    const plain = plainPlace(district);
    const named = districtsByName.get(plain) ?? [];
    const nearby = named.filter((d) =>
      provinces.includes(areas.cities[areas.districts[d]![1]]![1]),
    );
    if (nearby.length > 0 && !nearby.some(inPostal))
      return mismatch("codRiskPostalNotInDistrict", { named: district });
  }
  const village = namedAfter(text, NAMED.village);
  if (village) {
    const plain = plainPlace(village);
    const here = served.some(([, villages]) => villages.some((v) => plainPlace(v) === plain));
    const inTheCity = cities.some((c) => villagesOfCity.get(c)?.has(plain));
    if (!here && inTheCity) return mismatch("codRiskPostalNotInVillage", { named: village });
  }
  return null;
}

/** What the street lacks: a street at all (only a landmark), a house number or RT/RW, length. */
function streetFindings(address: AddressParts, zip: string): AddressFinding[] {
  const street = [address.address1, address.address2]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
  const digits = zip ? street.split(zip).join(" ") : street;
  const hasNumber = /\d/.test(digits);
  if (LANDMARK.test(street) && !STREET_WORD.test(street) && !hasNumber)
    return [
      {
        kind: "landmarkOnly",
        said: said("codRiskLandmarkOnly", {
          landmark: street.length > 40 ? `${street.slice(0, 39)}…` : street,
        }),
      },
    ];
  const found: AddressFinding[] = [];
  if (street.length < SHORT_STREET)
    found.push({ kind: "shortAddress", said: said("codRiskShortAddress") });
  if (!hasNumber) found.push({ kind: "noHouseNumber", said: said("codRiskNoHouseNumber") });
  return found;
}
