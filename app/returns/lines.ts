/** One line of a customer's return as its pickup carries it. */
export interface ReturnPickupLine {
  /** Shopify's reverse fulfillment order line (what the reverse delivery names). */
  reverseLineId: string;
  name: string;
  quantity: number;
  /** Grams of one unit, from the original parcel's items. */
  grams: number;
  /** Value of one unit in the shop's currency (the declared value at the service). */
  value: number;
}
