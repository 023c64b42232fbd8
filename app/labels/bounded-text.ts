/**
 * Text bounded before it reaches the PDF library. PDFKit wraps a word longer than a line in time
 * that grows with the square of its length, and sizing a text to its box wraps it again at each
 * size tried: a 6,000-character pickup address once held the web process for seconds per label.
 * So every text a label prints is cut to a length its box can show (with "…") and no run of
 * characters without a space is longer than LONGEST_RUN (a space is put in), whatever the
 * merchant, the customer or the shipping service wrote.
 */

/**
 * The longest run without a space a label prints: longer than any real word, waybill, e-mail or
 * phone number, shorter than a line of the smallest text on the narrowest label (about 60).
 */
export const LONGEST_RUN = 32;

/** The most characters each text of a label keeps; what a 100 × 150 mm label can show of it. */
export const LABEL_TEXT_LIMITS = {
  courier: 40,
  shopName: 80,
  orderName: 40,
  waybill: 40,
  routingCode: 24,
  /** The destination's city and postal code, printed where no routing code is given. */
  destination: 48,
  cod: 40,
  name: 100,
  phone: 30,
  address: 300,
  place: 160,
  weight: 40,
  /** One line of the contents ("2 × Kemeja Batik Parang"). */
  item: 160,
  /** The most lines of contents a label (and its continuation sheets) prints. */
  items: 100,
  note: 300,
  money: 40,
} as const;

/**
 * `text` kept to a little more than `limit` characters (a label's text at rest: the snapshot of
 * the service's order, the view sent to a label thread), so that a hostile text costs nothing
 * before it is drawn; boundedText then cuts it exactly, with its ellipsis.
 */
export function clip(text: string, limit: number): string {
  return text.length <= limit * 2 ? text : text.slice(0, limit * 2);
}

const LONG_RUN = new RegExp(`\\S{${LONGEST_RUN}}(?=\\S)`, "gu");

/** `text` cut to `limit` characters (code points, the last an ellipsis) with its long runs broken. */
export function boundedText(text: string, limit: number): string {
  const chars = Array.from(text);
  const cut =
    chars.length > limit
      ? `${chars
          .slice(0, limit - 1)
          .join("")
          .trimEnd()}…`
      : text;
  return cut.replace(LONG_RUN, "$& ");
}
