/**
 * Indonesia's 38 provinces, by their ISO 3166-2:ID code, with the name the shipping service's
 * areas give them (Kemendagri's: "DKI Jakarta", "Sumatera Utara") and the other names an address
 * may carry: Shopify's checkout ("Jakarta", "Yogyakarta", "Bangka Belitung"), the English ones
 * ("East Java", "North Sumatra") and the everyday short ones ("Jatim", "Jabar"). A courier rule
 * names provinces by code; an order's address and the service's answers are read into codes with
 * `provinceCode`. The four provinces made from Papua and Papua Barat in 2022 have their own codes;
 * the service's areas may still name their towns "Papua" or "Papua Barat".
 */

export interface Province {
  code: string;
  /** As the service's areas and the courier record name it. */
  name: string;
  /** Other names addresses use. */
  aliases: readonly string[];
}

const p = (code: string, name: string, ...aliases: string[]): Province => ({
  code,
  name,
  aliases,
});

export const PROVINCES: readonly Province[] = [
  p("AC", "Aceh", "Nanggroe Aceh Darussalam", "Daerah Istimewa Aceh"),
  p("SU", "Sumatera Utara", "Sumatra Utara", "North Sumatra", "Sumut"),
  p("SB", "Sumatera Barat", "Sumatra Barat", "West Sumatra", "Sumbar"),
  p("RI", "Riau"),
  p("KR", "Kepulauan Riau", "Riau Islands", "Kepri"),
  p("JA", "Jambi"),
  p("SS", "Sumatera Selatan", "Sumatra Selatan", "South Sumatra", "Sumsel"),
  p("BB", "Kepulauan Bangka Belitung", "Bangka Belitung", "Bangka Belitung Islands", "Babel"),
  p("BE", "Bengkulu"),
  p("LA", "Lampung"),
  p("JK", "DKI Jakarta", "Jakarta", "Daerah Khusus Ibukota Jakarta", "Daerah Khusus Jakarta"),
  p("JB", "Jawa Barat", "West Java", "Jabar"),
  p("BT", "Banten"),
  p("JT", "Jawa Tengah", "Central Java", "Jateng"),
  p("JI", "Jawa Timur", "East Java", "Jatim"),
  p("YO", "Daerah Istimewa Yogyakarta", "DI Yogyakarta", "Yogyakarta", "Jogja", "DIY"),
  p("BA", "Bali"),
  p("NB", "Nusa Tenggara Barat", "West Nusa Tenggara", "NTB"),
  p("NT", "Nusa Tenggara Timur", "East Nusa Tenggara", "NTT"),
  p("KB", "Kalimantan Barat", "West Kalimantan", "Kalbar"),
  p("KT", "Kalimantan Tengah", "Central Kalimantan", "Kalteng"),
  p("KS", "Kalimantan Selatan", "South Kalimantan", "Kalsel"),
  p("KI", "Kalimantan Timur", "East Kalimantan", "Kaltim"),
  p("KU", "Kalimantan Utara", "North Kalimantan", "Kaltara"),
  p("SA", "Sulawesi Utara", "North Sulawesi", "Sulut"),
  p("ST", "Sulawesi Tengah", "Central Sulawesi", "Sulteng"),
  p("SG", "Sulawesi Tenggara", "Southeast Sulawesi", "Sultra"),
  p("SR", "Sulawesi Barat", "West Sulawesi", "Sulbar"),
  p("SN", "Sulawesi Selatan", "South Sulawesi", "Sulsel"),
  p("GO", "Gorontalo"),
  p("MA", "Maluku"),
  p("MU", "Maluku Utara", "North Maluku", "Malut"),
  p("PA", "Papua"),
  p("PB", "Papua Barat", "West Papua"),
  p("PS", "Papua Selatan", "South Papua"),
  p("PT", "Papua Tengah", "Central Papua"),
  p("PE", "Papua Pegunungan", "Highland Papua"),
  p("PD", "Papua Barat Daya", "Southwest Papua"),
];

/** Lower case, letters and digits only, without "provinsi" before it. */
const key = (name: string) =>
  name
    .toLowerCase()
    .replace(/^\s*(provinsi|propinsi|prov\.?)\s+/, "")
    .replace(/[^a-z0-9]/g, "");

const BY_KEY = new Map<string, Province>(
  PROVINCES.flatMap((province) =>
    [province.name, ...province.aliases].map((name) => [key(name), province] as const),
  ),
);
const BY_CODE = new Map(PROVINCES.map((province) => [province.code, province]));

/** A province by its code ("JI", or "ID-JI" as ISO writes it). */
export function provinceByCode(code: string | null | undefined): Province | undefined {
  if (!code) return undefined;
  return BY_CODE.get(code.trim().toUpperCase().replace(/^ID-/, ""));
}

/**
 * The province an address or an area names, by its code when it has one an Indonesian address
 * uses ("JI"), else by any of its names; undefined when neither names one.
 */
export function provinceCode(
  name: string | null | undefined,
  code?: string | null,
): string | undefined {
  return provinceByCode(code)?.code ?? (name ? BY_KEY.get(key(name))?.code : undefined);
}
