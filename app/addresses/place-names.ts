/**
 * Place names as buyers type them and as Kemendagri's data writes them, brought to one plain form
 * for comparing: "Kota Adm. Jakarta Selatan", "JAKARTA SELATAN" and "Jakarta-Selatan" are all
 * "jakartaselatan"; "Kab. Bandung" and "Kabupaten Bandung" are "bandung". The common short names
 * of a few cities (Solo, Jogja) are their official ones.
 */

const PREFIXES =
  /^(?:kota\s+adm(?:inistrasi)?|kabupaten\s+adm(?:inistrasi)?|kab(?:upaten)?|kota|kodya|provinsi|prov|propinsi|daerah\s+istimewa|d\.?\s*i\.?|dki|kec(?:amatan)?|kel(?:urahan)?|desa|ds)\b\.?\s*/;

const ALIASES: Record<string, string> = {
  solo: "surakarta",
  jogja: "yogyakarta",
  jogjakarta: "yogyakarta",
  yogya: "yogyakarta",
  diy: "yogyakarta",
  jakarta: "jakarta",
};

/** The plain form of a place name: lower case, letters and digits only, without its kind. */
export function plainPlace(name: string | null | undefined): string {
  if (!name) return "";
  let text = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[._-]/g, " ")
    .trim();
  for (let i = 0; i < 3; i++) {
    const next = text.replace(PREFIXES, "").trim();
    if (next === text) break;
    text = next;
  }
  const plain = text.replace(/[^a-z0-9]/g, "");
  return ALIASES[plain] ?? plain;
}

/** Whether two plain names name the same place: equal, or one the other's whole tail or head. */
export function samePlace(a: string, b: string): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  // "Jakarta" for "DKI Jakarta", "Bangka Belitung" for "Kepulauan Bangka Belitung", and Papua's
  // provinces made in 2022 ("Papua Selatan") for the data set's Papua.
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (short.length >= 4 && (long.endsWith(short) || long.startsWith(short))) return true;
  return short.startsWith("papua") && long.startsWith("papua");
}
