import { plainPlace, samePlace } from "./place-names";

/**
 * Indonesia's provinces by their ISO 3166-2:ID codes, the `provinceCode` Shopify's addresses carry
 * ("the code for the region of the address, such as the province, state, or district"; Shopify's
 * MailingAddressInput), with the name Kemendagri's data and the shipping service write. Papua's
 * four provinces of 2022 have theirs too.
 */
export const PROVINCE_CODES: Record<string, string> = {
  AC: "Aceh",
  SU: "Sumatera Utara",
  SB: "Sumatera Barat",
  RI: "Riau",
  JA: "Jambi",
  SS: "Sumatera Selatan",
  BE: "Bengkulu",
  LA: "Lampung",
  BB: "Kepulauan Bangka Belitung",
  KR: "Kepulauan Riau",
  JK: "DKI Jakarta",
  JB: "Jawa Barat",
  JT: "Jawa Tengah",
  YO: "DI Yogyakarta",
  JI: "Jawa Timur",
  BT: "Banten",
  BA: "Bali",
  NB: "Nusa Tenggara Barat",
  NT: "Nusa Tenggara Timur",
  KB: "Kalimantan Barat",
  KT: "Kalimantan Tengah",
  KS: "Kalimantan Selatan",
  KI: "Kalimantan Timur",
  KU: "Kalimantan Utara",
  SA: "Sulawesi Utara",
  ST: "Sulawesi Tengah",
  SN: "Sulawesi Selatan",
  SG: "Sulawesi Tenggara",
  GO: "Gorontalo",
  SR: "Sulawesi Barat",
  MA: "Maluku",
  MU: "Maluku Utara",
  PA: "Papua",
  PB: "Papua Barat",
  PS: "Papua Selatan",
  PT: "Papua Tengah",
  PE: "Papua Pegunungan",
  PD: "Papua Barat Daya",
};

/** The code of a province written by name ("Jawa Timur", "DKI Jakarta", "Jogja"), or null. */
export function provinceCodeOf(name: string | null | undefined): string | null {
  const plain = plainPlace(name);
  if (!plain) return null;
  const exact = Object.entries(PROVINCE_CODES).find(([, n]) => plainPlace(n) === plain);
  if (exact) return exact[0];
  // "Jakarta", "Bangka Belitung": one province only, or none.
  const near = Object.entries(PROVINCE_CODES).filter(([, n]) => samePlace(plainPlace(n), plain));
  return near.length === 1 ? near[0]![0] : null;
}
