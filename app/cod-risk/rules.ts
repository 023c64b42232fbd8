import type { AddressFinding, AddressFindingKind } from "../addresses/address-check";
import { said, type Said } from "../i18n/said";
import type { PhoneKind } from "../orders/phone";

/**
 * The risk that a cash-on-delivery parcel comes back unpaid, from this shop's own history only:
 * plain rules with plain weights, each said to the merchant in words when it counts
 * (docs/cod-risk.md says what each rule does and why). No model, nothing learnt elsewhere.
 */

/** Parcels with an outcome (delivered or back at the shop) and how many of them came back. */
export interface Outcomes {
  parcels: number;
  returned: number;
}

/** What the shop's history and the order say, as app/cod-risk/history.server.ts reads them. */
export interface RiskFacts {
  buyer: {
    /** The buyer's earlier COD parcels at this shop that were delivered (and paid). */
    delivered: number;
    /** … and that came back unpaid. */
    returned: number;
    /** Every earlier order of the buyer at this shop, COD or not, whatever became of it. */
    earlierOrders: number;
    /** Other COD orders from the buyer's phone in the 24 hours before this one. */
    codOrdersLastDay: number;
  };
  area: {
    /** The destination's postal code at this shop (null without one). */
    postal: (Outcomes & { code: string }) | null;
    /** The destination's city at this shop (null without one). */
    city: (Outcomes & { name: string }) | null;
    /** The whole shop, over the same period. */
    shop: Outcomes;
  };
  /** The shop's usual (median) COD amount over its recent COD orders; null with too few. */
  usualCod: number | null;
  order: {
    cod: number;
    currency: string;
    /** Normalised (+62…), or null when the order has none. */
    phone: string | null;
    /** What the numbering plan says the phone is (app/orders/phone.ts); null without a phone. */
    phoneKind: PhoneKind | null;
    /** What is wrong with the address (app/addresses/address-check.ts), weightiest first. */
    address: AddressFinding[];
  };
}

export type RiskLevel = "low" | "medium" | "high";

export interface CodRisk {
  score: number;
  level: RiskLevel;
  /** Every rule that counted, in words, the weightiest first. */
  reasons: Said[];
}

/** Scores at or above these are medium and high. */
export const MEDIUM_FROM = 30;
export const HIGH_FROM = 60;

/** The weights, in points: chosen on the first of bench:cod-risk's two years (bench/README.md). */
export const WEIGHTS = {
  /** Two or more earlier COD parcels came back and no more were paid for. */
  serialReturns: 60,
  /** Earlier COD parcels came back at least as often as they were paid for (one of one). */
  returnsOutweigh: 55,
  /** Some came back, more were paid for. */
  someReturns: 30,
  /** Two or more earlier COD parcels paid for and none came back: a buyer the shop can trust. */
  provenBuyer: -50,
  firstOrder: 20,
  /** Two or more other COD orders from the phone in a day (fake-order bursts). */
  burst: 65,
  /** One other (a forgotten item: medium alone). */
  repeatSameDay: 35,
  /** The destination's return rate well above the shop's (see areaPoints). */
  riskyArea: 20,
  veryRiskyArea: 30,
  /** The COD amount more than HIGH_VALUE_TIMES the shop's usual one. */
  highValue: 5,
  noPhone: 25,
  /** A number that cannot exist (too short, an unused prefix). */
  phoneInvalid: 40,
  /** A fixed line: no WhatsApp, rarely answered. */
  notMobile: 25,
  /** What the address check found (app/addresses/address-check.ts), each kind's points. */
  address: {
    areaMismatch: 60,
    postalUnknown: 60,
    landmarkOnly: 35,
    noHouseNumber: 0,
    shortAddress: 30,
    noPostalCode: 10,
  } satisfies Record<AddressFindingKind, number>,
  /** The address's findings together count at most this. */
  addressMax: 70,
};
export type Weights = typeof WEIGHTS;

export const HIGH_VALUE_TIMES = 3;
/** The shop's median needs at least this many COD orders to mean "usual". */
export const USUAL_COD_MIN_ORDERS = 20;
/**
 * A destination's rate is shrunk toward its wider area's with this many parcels' weight (a postal
 * code toward its city, a city toward the shop): two returns of three parcels do not make a
 * district risky, twenty of sixty do.
 */
export const SHRINK_PARCELS = 20;
/** A destination with fewer parcels with an outcome than this says nothing yet. */
export const AREA_MIN_PARCELS = 10;
/** Below this many parcels with an outcome the shop's own rate is not yet known: BASE_RETURN_RATE. */
export const SHOP_MIN_PARCELS = 30;
/**
 * The share of COD parcels that come back where the shop's own is not yet known: 12 %, inside the
 * 8-20 % reported for Indonesia and South-East Asia (docs/cod-risk.md cites the figures).
 */
export const BASE_RETURN_RATE = 0.12;

const rate = (o: Outcomes, prior: number) =>
  (o.returned + SHRINK_PARCELS * prior) / (o.parcels + SHRINK_PARCELS);

/** The destination's points and words: its rate shrunk toward the city's, the city's toward the shop's. */
function areaPoints(
  area: RiskFacts["area"],
  weights: Weights,
): { points: number; reason: Said | null } {
  const shopRate =
    area.shop.parcels >= SHOP_MIN_PARCELS
      ? area.shop.returned / area.shop.parcels
      : BASE_RETURN_RATE;
  const cityRate = area.city ? rate(area.city, shopRate) : shopRate;
  const place = area.postal ?? area.city;
  if (!place || place.parcels < AREA_MIN_PARCELS) return { points: 0, reason: null };
  const placeRate = area.postal ? rate(area.postal, cityRate) : cityRate;
  const points =
    placeRate >= 2 * shopRate && placeRate >= shopRate + 0.15
      ? weights.veryRiskyArea
      : placeRate >= 1.5 * shopRate && placeRate >= shopRate + 0.1
        ? weights.riskyArea
        : 0;
  if (points === 0) return { points, reason: null };
  return {
    points,
    // A postal code is said as one; a city by its name.
    reason: said(area.postal ? "codRiskAreaPostal" : "codRiskArea", {
      area: area.postal ? area.postal.code : area.city!.name,
      returned: place.returned,
      parcels: place.parcels,
      shopRate: Math.round(shopRate * 100),
    }),
  };
}

/**
 * The order's risk: its score, its level and every reason that counted. `weights` is for the
 * benchmark that chooses them; the app always scores with WEIGHTS.
 */
export function scoreCodRisk(facts: RiskFacts, weights: Weights = WEIGHTS): CodRisk {
  const counted: { points: number; reason: Said }[] = [];
  const add = (points: number, reason: Said) => counted.push({ points, reason });
  const { buyer, order } = facts;
  const earlier = buyer.delivered + buyer.returned;
  const back = { returned: buyer.returned, earlier };
  if (buyer.returned >= 2 && buyer.returned >= buyer.delivered)
    add(weights.serialReturns, said("codRiskBuyerReturns", back));
  else if (buyer.returned >= 1 && buyer.returned >= buyer.delivered)
    add(weights.returnsOutweigh, said("codRiskBuyerReturns", back));
  else if (buyer.returned >= 1) add(weights.someReturns, said("codRiskBuyerReturns", back));
  else if (buyer.delivered >= 2)
    add(weights.provenBuyer, said("codRiskBuyerPaid", { parcels: buyer.delivered }));
  if (buyer.earlierOrders === 0) add(weights.firstOrder, said("codRiskFirstOrder"));
  if (buyer.codOrdersLastDay >= 2)
    add(weights.burst, said("codRiskSameDay", { orders: buyer.codOrdersLastDay }));
  else if (buyer.codOrdersLastDay === 1) add(weights.repeatSameDay, said("codRiskSameDayOne"));
  const area = areaPoints(facts.area, weights);
  if (area.reason) add(area.points, area.reason);
  if (facts.usualCod !== null && order.cod > HIGH_VALUE_TIMES * facts.usualCod)
    add(
      weights.highValue,
      said("codRiskHighValue", {
        amount: { amount: order.cod, currency: order.currency },
        usual: { amount: facts.usualCod, currency: order.currency },
      }),
    );
  if (!order.phone) add(weights.noPhone, said("codRiskNoPhone"));
  else if (order.phoneKind === "invalid")
    add(weights.phoneInvalid, said("codRiskPhoneInvalid", { phone: order.phone }));
  else if (order.phoneKind === "fixed")
    add(weights.notMobile, said("codRiskNotMobile", { phone: order.phone }));
  let addressPoints = 0;
  const findings = [...order.address].sort(
    (a, b) => weights.address[b.kind] - weights.address[a.kind],
  );
  // Every finding is said, even one that adds nothing (the merchant may fix it before booking).
  for (const finding of findings) {
    const points = Math.max(
      0,
      Math.min(weights.address[finding.kind], weights.addressMax - addressPoints),
    );
    addressPoints += points;
    add(points, finding.said);
  }
  const score = Math.max(
    0,
    counted.reduce((sum, c) => sum + c.points, 0),
  );
  counted.sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  return {
    score,
    level: score >= HIGH_FROM ? "high" : score >= MEDIUM_FROM ? "medium" : "low",
    reasons: counted.map((c) => c.reason),
  };
}
