import {
  HIGH_FROM,
  scoreCodRisk,
  WEIGHTS,
  type RiskFacts,
  type Weights,
} from "#app/cod-risk/rules.ts";

/**
 * Choosing the rules' points on one year of assessed orders (never the year reported): coordinate
 * descent from the points the app ships and from a dozen other starts, one weight at a time over
 * its range, keeping a change
 * only when it holds more of the returns (all, and repeat buyers') at the default threshold while
 * holding at most GOOD_HELD_CAP of the good orders (from a start beyond the cap, when it comes
 * nearer) and the rules keep their order of strength; three passes. The facts are the assessment's own (the SQL
 * read once per order), so each candidate only re-scores them.
 */

export interface Assessed {
  facts: RiskFacts;
  returns: boolean;
}

/** The most of the good orders the chosen points may hold in the tuning year. */
export const GOOD_HELD_CAP = 0.045;
const PASSES = 3;

/** The weights tuned, each over its range in steps of 5 (the others stay as shipped). */
const RANGES: Record<string, [number, number]> = {
  serialReturns: [30, 90],
  returnsOutweigh: [20, 80],
  burst: [30, 80],
  provenBuyer: [-50, 0],
  /** … and postalUnknown with it: the same evidence (the postal code fits no area named). */
  "address.areaMismatch": [0, 70],
  "address.landmarkOnly": [0, 70],
  "address.noHouseNumber": [0, 40],
  "address.shortAddress": [0, 30],
  addressMax: [20, 80],
  phoneInvalid: [0, 70],
  notMobile: [0, 50],
  firstOrder: [0, 30],
  someReturns: [0, 50],
  repeatSameDay: [0, 60],
  riskyArea: [0, 40],
  veryRiskyArea: [0, 50],
  highValue: [0, 40],
};

export interface Held {
  returnsHeld: number;
  /** … of buyers who had ordered before (the facts say so: earlier orders). */
  repeatHeld: number;
  goodHeld: number;
}

/** The share of returns and of good orders held at `threshold` with `weights`. */
export function heldWith(
  orders: readonly Assessed[],
  weights: Weights,
  threshold = HIGH_FROM,
): Held {
  const n = { returns: 0, returnsHeld: 0, repeat: 0, repeatHeld: 0, good: 0, goodHeld: 0 };
  for (const o of orders) {
    const held = scoreCodRisk(o.facts, weights).score >= threshold ? 1 : 0;
    if (o.returns) {
      n.returns += 1;
      n.returnsHeld += held;
      if (o.facts.buyer.earlierOrders > 0) {
        n.repeat += 1;
        n.repeatHeld += held;
      }
    } else {
      n.good += 1;
      n.goodHeld += held;
    }
  }
  return {
    returnsHeld: n.returnsHeld / (n.returns || 1),
    repeatHeld: n.repeatHeld / (n.repeat || 1),
    goodHeld: n.goodHeld / (n.good || 1),
  };
}

const get = (w: Weights, path: string): number =>
  path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], w) as number;

function set(w: Weights, path: string, value: number): Weights {
  const copy = structuredClone(w);
  const keys = path.split(".");
  let at = copy as unknown as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys[keys.length - 1]!] = value;
  if (path === "address.areaMismatch") copy.address.postalUnknown = value;
  return copy;
}

/** The rules keep their order of strength: more returns count more, a burst more than one order. */
const ordered = (w: Weights) =>
  w.serialReturns >= w.returnsOutweigh &&
  w.returnsOutweigh >= w.someReturns &&
  w.veryRiskyArea >= w.riskyArea &&
  w.burst >= w.repeatSameDay &&
  w.phoneInvalid >= w.notMobile;

/**
 * The returns held, all and repeat buyers' (the issue's two goals the outcomes alone tell), less
 * twenty times any good orders held beyond the cap (so a start beyond it moves toward it).
 */
const value = (h: Held) =>
  h.returnsHeld + h.repeatHeld - 20 * Math.max(0, h.goodHeld - GOOD_HELD_CAP);
const better = (a: Held, b: Held) =>
  value(a) > value(b) || (value(a) === value(b) && a.goodHeld < b.goodHeld);

/** Coordinate descent from `start`. */
function descend(orders: readonly Assessed[], start: Weights): { weights: Weights; held: Held } {
  let weights = start;
  let held = heldWith(orders, weights);
  for (let pass = 0; pass < PASSES; pass++) {
    let changed = false;
    for (const [path, [from, to]] of Object.entries(RANGES)) {
      for (let value = from; value <= to; value += 5) {
        if (value === get(weights, path)) continue;
        const candidate = set(weights, path, value);
        if (!ordered(candidate)) continue;
        const result = heldWith(orders, candidate);
        if (better(result, held)) {
          weights = candidate;
          held = result;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return { weights, held };
}

/** Starts besides WEIGHTS: each weight drawn over its range (a fixed seed: the same every run). */
const RESTARTS = 40;

/**
 * The points that hold the most returns of `orders` within GOOD_HELD_CAP: the best of a descent
 * from WEIGHTS and from RESTARTS other starts.
 */
export function tune(orders: readonly Assessed[]): { weights: Weights; held: Held } {
  let best = descend(orders, structuredClone(WEIGHTS));
  let seed = 75;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let i = 0; i < RESTARTS; i++) {
    let start = structuredClone(WEIGHTS);
    for (const [path, [from, to]] of Object.entries(RANGES))
      start = set(start, path, from + 5 * Math.floor(random() * ((to - from) / 5 + 1)));
    if (!ordered(start)) continue;
    const found = descend(orders, start);
    if (better(found.held, best.held)) best = found;
  }
  return best;
}

/** The weights that differ between two sets, as "path: a → b". */
export function differences(a: Weights, b: Weights): string[] {
  return Object.keys(RANGES)
    .filter((path) => get(a, path) !== get(b, path))
    .map((path) => `${path}: ${get(a, path)} → ${get(b, path)}`);
}
