import { getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { CountryCode } from "libphonenumber-js/max";

/**
 * Phone numbers as buyers type them, read by libphonenumber-js (Google's libphonenumber metadata,
 * kept up to date by its maintainers) rather than by a pattern of our own: "0812-9876-5432",
 * "62 812 9876 5432" and "+62 812 9876 5432" are one number, +6281298765432.
 */

/**
 * The number in international form (+62…), read in the address's country (Indonesia when it has
 * none), or as international when it starts with that country's code without its + ("62812…");
 * digits as typed when the library cannot read it at all; null with fewer than 6 digits.
 */
export function normalisePhone(
  raw: string | null | undefined,
  countryCode?: string | null,
): string | null {
  if (!raw) return null;
  const digits = raw.replace(/\D/g, "");
  if (digits.length < 6) return null;
  const country = (countryCode ?? "ID").toUpperCase() as CountryCode;
  // "62812…": the country code typed without its + (a national number starts with its trunk 0).
  const callingCode = callingCodeOf(country);
  if (!raw.trim().startsWith("+") && callingCode && digits.startsWith(callingCode)) {
    const international = parsePhoneNumberFromString(`+${digits}`);
    if (international?.isValid()) return international.number;
  }
  const asTyped = parsePhoneNumberFromString(raw.trim(), { defaultCountry: country });
  return asTyped ? asTyped.number : digits;
}

function callingCodeOf(country: CountryCode): string | null {
  try {
    return getCountryCallingCode(country);
  } catch {
    return null;
  }
}

/**
 * What kind of number the buyer gave, as the numbering plan says: a mobile (WhatsApp, a courier's
 * call), a fixed line, or no number that can exist (too short, too long, an unused prefix).
 */
export type PhoneKind = "mobile" | "fixed" | "invalid";

export function phoneKind(normalised: string): PhoneKind {
  const parsed = parsePhoneNumberFromString(normalised, { defaultCountry: "ID" });
  if (!parsed || !parsed.isValid()) return "invalid";
  const type = parsed.getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" ? "mobile" : "fixed";
}
