import { rng } from "../drills/shared.ts";

/**
 * A year of one Indonesian shop's orders for `npm run bench:cod-risk`, with what happened to each
 * COD parcel. The hidden parts (each buyer's propensity to refuse, each destination's rate, the
 * fake-order bursts) decide the outcomes and are never shown to the scoring: it sees the orders
 * and, as time passes, the outcomes, as the app would. Base rates (bench/README.md cites them):
 * - 73 % of orders paid cash on delivery (BPS, December 2020: 73.04 % of online shoppers chose COD);
 * - about 12 % of COD parcels come back: inside the 8-20 % reported for Indonesia and South-East
 *   Asia (KiriminAja 8-9 %, McKinsey's 15-20 %, quoted by VIVA, July 2025);
 * - the shipping paid again for a parcel that comes back: the return fee equals the shipping out.
 */

export interface Buyer {
  id: number;
  phone: string;
  email: string | null;
  customerId: string | null;
  postal: Postal;
  street: string;
  /** Hidden: the chance this buyer refuses a COD parcel. */
  refuses: number;
  /** Hidden: how often this buyer orders, relative to others. */
  activity: number;
  kind: "reliable" | "unsure" | "serial" | "fake";
}

export interface Postal {
  code: string;
  city: string;
  province: string;
  /** Hidden: the chance a parcel there comes back whoever the buyer is (nobody home, wrong address). */
  rate: number;
  /** Shipping out (and back), rupiah. */
  shipping: number;
}

export interface WorldOrder {
  id: number;
  at: Date;
  buyer: Buyer;
  cod: boolean;
  value: number;
  /** Hidden until `endsAt`: whether the COD parcel comes back unpaid. */
  returns: boolean;
  endsAt: Date;
}

const CITIES: [city: string, province: string, prefix: string, remote: boolean][] = [
  ["Jakarta Selatan", "DKI Jakarta", "121", false],
  ["Jakarta Timur", "DKI Jakarta", "134", false],
  ["Bekasi", "Jawa Barat", "171", false],
  ["Bandung", "Jawa Barat", "401", false],
  ["Bogor", "Jawa Barat", "161", false],
  ["Depok", "Jawa Barat", "164", false],
  ["Tangerang", "Banten", "151", false],
  ["Semarang", "Jawa Tengah", "501", false],
  ["Solo", "Jawa Tengah", "571", false],
  ["Yogyakarta", "DI Yogyakarta", "552", false],
  ["Surabaya", "Jawa Timur", "602", false],
  ["Malang", "Jawa Timur", "651", false],
  ["Sidoarjo", "Jawa Timur", "612", false],
  ["Medan", "Sumatera Utara", "201", false],
  ["Palembang", "Sumatera Selatan", "301", false],
  ["Pekanbaru", "Riau", "281", false],
  ["Padang", "Sumatera Barat", "251", false],
  ["Lampung", "Lampung", "351", false],
  ["Denpasar", "Bali", "801", false],
  ["Makassar", "Sulawesi Selatan", "902", false],
  ["Manado", "Sulawesi Utara", "951", false],
  ["Banjarmasin", "Kalimantan Selatan", "701", false],
  ["Balikpapan", "Kalimantan Timur", "761", false],
  ["Pontianak", "Kalimantan Barat", "781", false],
  ["Mataram", "Nusa Tenggara Barat", "831", true],
  ["Kupang", "Nusa Tenggara Timur", "851", true],
  ["Ambon", "Maluku", "971", true],
  ["Ternate", "Maluku Utara", "977", true],
  ["Jayapura", "Papua", "993", true],
  ["Sorong", "Papua Barat Daya", "984", true],
];

/** The generator's knobs, fixed so every run replays the same year. */
export const WORLD = {
  seed: 54,
  days: 365,
  ordersPerDay: 24,
  codShare: 0.73,
  /** Of orders, those from a buyer who ordered before. */
  returningShare: 0.55,
  buyerKinds: { reliable: [0.85, 0.02], unsure: [0.11, 0.15], serial: [0.04, 0.6] },
  /** A fake-order burst every this many days on average: 3-5 COD orders from one new phone. */
  burstEveryDays: 9,
  burstRefuses: 0.95,
  /** Landline numbers: no WhatsApp, hard for a courier to reach. */
  landlineShare: 0.03,
  landlineRefusesMore: 0.1,
  weakAddressShare: 0.06,
  weakAddressRefusesMore: 0.06,
} as const;

/** The year's orders in time order, and the buyers behind them. */
export function generateYear(start = new Date("2025-11-01T00:00:00Z")) {
  const random = rng(WORLD.seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const normal = () => {
    const u = Math.max(random(), 1e-9);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };

  const postals: Postal[] = CITIES.flatMap(([city, province, prefix, remote]) => {
    const cityRate = remote ? 0.1 + random() * 0.08 : 0.025 + random() * 0.04;
    const count = 3 + Math.floor(random() * 6);
    return Array.from({ length: count }, (_, i) => ({
      code: `${prefix}${String(10 + i * 7).padStart(2, "0")}`,
      city,
      province,
      rate: Math.min(0.6, cityRate * Math.exp(0.35 * normal())),
      shipping: remote
        ? 32_000 + Math.round(random() * 20) * 1_000
        : 9_000 + Math.round(random() * 12) * 1_000,
    }));
  });
  // Java's cities receive most parcels.
  const weightOf = (p: Postal) => (/Jawa|Jakarta|Banten|Yogyakarta/.test(p.province) ? 5 : 1);
  const postalPool = postals.flatMap((p) => Array.from({ length: weightOf(p) }, () => p));

  const buyers: Buyer[] = [];
  let phoneSeq = 0;
  const newPhone = (landline: boolean) =>
    landline
      ? `+6221${String(5_000_000 + ++phoneSeq).padStart(7, "0")}`
      : `+628${1 + Math.floor(random() * 8)}${String(10_000_000 + ++phoneSeq * 37).slice(-9)}`;
  const streetFor = (weak: boolean, n: number) =>
    weak
      ? pick(["Gg. Buntu", "Blok C", "Perum Griya Asri blok D", "dekat masjid"])
      : `Jl. ${pick(["Melati", "Mawar", "Kenanga", "Merdeka", "Diponegoro", "Sudirman"])} No. ${1 + (n % 120)} RT 0${1 + (n % 9)}/RW 0${1 + (n % 7)}`;

  function newBuyer(kind?: Buyer["kind"]): Buyer {
    const r = random();
    const [reliable, unsure] = [WORLD.buyerKinds.reliable, WORLD.buyerKinds.unsure];
    const chosen: Buyer["kind"] =
      kind ?? (r < reliable[0] ? "reliable" : r < reliable[0] + unsure[0] ? "unsure" : "serial");
    const landline = chosen === "fake" ? random() < 0.5 : random() < WORLD.landlineShare;
    const weak = chosen === "fake" ? random() < 0.6 : random() < WORLD.weakAddressShare;
    let refuses =
      chosen === "fake"
        ? WORLD.burstRefuses
        : WORLD.buyerKinds[chosen][1] * Math.exp(0.3 * normal());
    if (chosen !== "fake") {
      if (landline) refuses += WORLD.landlineRefusesMore;
      if (weak) refuses += WORLD.weakAddressRefusesMore;
    }
    const id = buyers.length + 1;
    const buyer: Buyer = {
      id,
      phone: newPhone(landline),
      email: chosen !== "fake" && random() < 0.6 ? `pembeli${id}@mail.example` : null,
      customerId: chosen !== "fake" && random() < 0.7 ? String(7_000_000 + id) : null,
      postal: pick(postalPool),
      street: streetFor(weak, id),
      refuses: Math.min(0.98, refuses),
      activity: chosen === "fake" ? 0 : Math.exp(0.8 * normal()),
      kind: chosen,
    };
    buyers.push(buyer);
    return buyer;
  }

  // Returning buyers are drawn by their activity (the cumulative weights kept as buyers come).
  const returning: Buyer[] = [];
  const cumulative: number[] = [];
  const drawReturning = () => {
    const total = cumulative[cumulative.length - 1]!;
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return returning[lo]!;
  };

  const orders: WorldOrder[] = [];
  const DAY = 86_400_000;
  const place = (at: Date, buyer: Buyer, cod: boolean, valueTimes = 1) => {
    const value = Math.round((150_000 * Math.exp(0.6 * normal()) * valueTimes) / 1_000) * 1_000;
    const refuse = 1 - (1 - buyer.refuses) * (1 - buyer.postal.rate);
    const returns = cod && random() < refuse;
    const transitDays = returns ? 7 + random() * 7 : 2 + random() * 3;
    orders.push({
      id: 6_100_000_000_000 + orders.length + 1,
      at,
      buyer,
      cod,
      value,
      returns,
      endsAt: new Date(at.getTime() + transitDays * DAY),
    });
  };

  for (let day = 0; day < WORLD.days; day++) {
    const count = Math.max(
      0,
      Math.round(WORLD.ordersPerDay + Math.sqrt(WORLD.ordersPerDay) * normal()),
    );
    const times = Array.from({ length: count }, () => random() * DAY).sort((a, b) => a - b);
    for (const offset of times) {
      const at = new Date(start.getTime() + day * DAY + offset);
      const again = returning.length > 0 && random() < WORLD.returningShare;
      const buyer = again ? drawReturning() : newBuyer();
      if (!again) {
        returning.push(buyer);
        cumulative.push((cumulative[cumulative.length - 1] ?? 0) + buyer.activity);
      }
      // Serial refusers order cash on delivery: refusing costs them nothing.
      place(at, buyer, buyer.kind === "serial" || random() < WORLD.codShare);
    }
    if (random() < 1 / WORLD.burstEveryDays) {
      const fake = newBuyer("fake");
      const first = start.getTime() + day * DAY + random() * DAY * 0.7;
      const n = 3 + Math.floor(random() * 3);
      for (let i = 0; i < n; i++)
        place(new Date(first + i * random() * 2 * 3_600_000 + i * 60_000), fake, true, 1.8);
    }
  }
  orders.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { orders, buyers, postals };
}
