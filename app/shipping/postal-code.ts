/**
 * An Indonesian postal code as the service takes it: five digits (spaces around them ignored),
 * as a number; null for anything else (missing, four digits, letters).
 */
export function fiveDigitPostalCode(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const code = String(value).trim();
  return /^\d{5}$/.test(code) ? Number(code) : null;
}
