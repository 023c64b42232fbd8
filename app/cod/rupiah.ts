/**
 * Rupiah as people and spreadsheets write them, read as whole rupiah (an integer) or refused:
 * "1.250.000", "Rp 1,250,000", "1250000", "1250000.00", "1.250.000,00", "-15.000", "(15.000)".
 * A grouping of thousands is either dots or commas; a decimal part is allowed only when it is
 * zero (rupiah have no cents: "1250,50" is refused rather than rounded).
 */
export function readRupiah(text: string): number | null {
  let s = text.trim().replace(/\s+/g, "");
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith("-")) {
    negative = !negative;
    s = s.slice(1);
  }
  s = s.replace(/^(rp|idr)\.?/i, "");
  if (s.startsWith("-")) {
    negative = !negative;
    s = s.slice(1);
  }
  let whole: string | null = null;
  // A spreadsheet's own number: 250000, 2.5E5.
  if (/^\d+(\.\d+)?[eE][+-]?\d+$/.test(s)) {
    const n = Number(s);
    whole = Number.isInteger(n) ? String(n) : null;
  } else {
    const cents = /^(.*?)[.,](\d{1,2})$/.exec(s);
    let body = s;
    if (cents) {
      // "…,00" or "….5": a decimal part, zero or refused.
      if (!/^0+$/.test(cents[2]!)) return null;
      body = cents[1]!;
    }
    if (/^\d+$/.test(body)) whole = body;
    else if (/^\d{1,3}(\.\d{3})+$/.test(body)) whole = body.replaceAll(".", "");
    else if (/^\d{1,3}(,\d{3})+$/.test(body)) whole = body.replaceAll(",", "");
  }
  if (whole === null || whole.length > 13) return null;
  const n = Number(whole);
  return negative && n !== 0 ? -n : n;
}
