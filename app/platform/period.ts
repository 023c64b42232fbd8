/**
 * A page's period in days from its `days` search parameter: one of the page's `periods`, else its
 * `fallback` (a missing, odd or unknown value reads as the default, never as an error).
 */
export const periodParser =
  <P extends number>(periods: readonly P[], fallback: P) =>
  (value: string | null): P =>
    (periods as readonly number[]).includes(Number(value)) ? (Number(value) as P) : fallback;
