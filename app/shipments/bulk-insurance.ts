/** What the list's bulk "insurance" shows, in the merchant's words, before anything changes. */
export interface InsuranceQuoteAnswer {
  /** The shipments ticked whose insurance can change (not booked): insured off or by the rule. */
  open: string[];
  /** Those that can be insured (a goods value): insured "on". */
  insurable: string[];
  /** "Premi Rp12.500 untuk 3 paket, …": what insuring them costs; null when none is priced. */
  premium: string | null;
  /** What is left out or not known, a sentence each (booked, no goods value, not priced). */
  notes: string[];
  /** The service could not be asked (down, or no key), in words. */
  error: string | null;
}
