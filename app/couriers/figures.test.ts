import { describe, expect, it } from "vitest";
import { laneFigures, MIN_PARCELS, percentileDays, type LaneRow } from "./figures";

const row = (over: Partial<LaneRow>): LaneRow => ({
  courier: "jne",
  service: "reg",
  province: "Jawa Barat",
  city: "Kota Bandung",
  transitQ: -1,
  parcels: 0,
  finished: 0,
  firstAttempt: 0,
  returned: 0,
  cod: 0,
  price: 0,
  ...over,
});

describe("a courier lane's figures", () => {
  it("takes percentiles by nearest rank from the quarter-day histogram", () => {
    // 1, 2, 2, 3 quarter days: half within 2 (0.5 day), all within 3 (0.75 day).
    const histogram = new Map([
      [3, 1],
      [1, 1],
      [2, 2],
    ]);
    expect(percentileDays(histogram, 0.5)).toBe(0.5);
    expect(percentileDays(histogram, 0.9)).toBe(0.75);
    expect(percentileDays(histogram, 0.25)).toBe(0.25);
    expect(percentileDays(new Map(), 0.5)).toBeNull();
  });

  it("shows no figure from fewer than the minimum, and sums a lane's cities into its province", () => {
    const n = MIN_PARCELS;
    const rows = [
      row({
        transitQ: 8,
        parcels: n - 1,
        finished: n - 1,
        firstAttempt: n - 2,
        price: 9000 * (n - 1),
      }),
      row({
        city: "Kota Bogor",
        transitQ: -1,
        parcels: 2,
        finished: 1,
        returned: 1,
        cod: 2,
        price: 18000,
      }),
    ];
    const [province] = laneFigures(rows, false);
    expect(province).toMatchObject({
      city: null,
      parcels: n + 1,
      firstAttempt: { value: (n - 2) / n, of: n },
      returned: { value: 1 / n, of: n },
      // Only n - 1 delivered with a time: too few for a time.
      days: { median: null, p90: null, of: n - 1 },
      averagePrice: 9000,
      codShare: 2 / (n + 1),
    });
    const cities = laneFigures(rows, true);
    expect(cities.map((c) => [c.city, c.parcels, c.firstAttempt.value])).toEqual([
      ["Kota Bandung", n - 1, null],
      ["Kota Bogor", 2, null],
    ]);
  });
});
