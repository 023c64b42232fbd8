import { adminAreas } from "#app/addresses/admin-areas.server.ts";
import { rng } from "../drills/shared.ts";

/**
 * Two years of one Indonesian shop's orders for `npm run bench:cod-risk`, with what happened to
 * each COD parcel. The hidden parts (each buyer's propensity to refuse, each destination's rate,
 * what is wrong with an address, the fake-order bursts) decide the outcomes and are never shown to
 * the scoring: it sees the orders as Shopify would send them and, as time passes, the outcomes, as
 * the app would. Places are real: every postal code, kecamatan and kelurahan is Kemendagri's
 * (the geografis data set the app checks addresses against). Base rates and effect sizes
 * (bench/README.md cites them):
 * - 73 % of orders paid cash on delivery (BPS, December 2020: 73.04 % of online shoppers chose COD);
 * - about 12-15 % of COD parcels come back: inside the 8-20 % reported for Indonesia and South-East
 *   Asia (KiriminAja 8-9 %, McKinsey's 15-20 %, quoted by VIVA, July 2025);
 * - about a fifth of the returns owed to the address (18-24 % in Indonesian courier reports): some
 *   of it visible in the address (a postal code of another kecamatan, only a landmark, no house
 *   number), some not (a wrong house number looks like a right one);
 * - fake or unreachable phone numbers and bursts of orders from one new number;
 * - buyers who refuse parcels change numbers, keeping their address, e-mail or account.
 */

export interface Buyer {
  id: number;
  /** The numbers they have used, the latest last. */
  phones: string[];
  email: string | null;
  customerId: string | null;
  name: string;
  place: Place;
  address: Address;
  /** Hidden: the chance this buyer refuses a COD parcel. */
  refuses: number;
  /** Hidden: how often this buyer orders, relative to others. */
  activity: number;
  kind: "reliable" | "unsure" | "serial" | "fake";
}

/** Hidden: what is wrong with an address, and whether the address itself shows it. */
export type AddressFlaw =
  | "none"
  /** A postal code of another kecamatan or city than the one written (shows). */
  | "mismatch"
  /** Only a landmark (shows). */
  | "landmark"
  /** No house number and no RT/RW (shows, weakly). */
  | "noNumber"
  /** A wrong house number or RT, a missing block letter: looks like any good address. */
  | "hidden";

export interface Address {
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  zip: string;
  flaw: AddressFlaw;
}

/** A postal code of a real city, as the world's buyers live in it. */
export interface Place {
  code: string;
  /** The kecamatan and a kelurahan of it. */
  district: string;
  village: string;
  /** As buyers write it ("Surabaya", "Jakarta Selatan"). */
  city: string;
  province: string;
  /** Other postal codes of the same city in other kecamatan (for a mistyped code). */
  neighbours: string[];
  /** Hidden: the chance a parcel there comes back whoever the buyer is (nobody home, hard to find). */
  rate: number;
  /** Shipping out (and back), rupiah. */
  shipping: number;
}

export interface WorldOrder {
  id: number;
  at: Date;
  buyer: Buyer;
  /** The number given with this order. */
  phone: string;
  cod: boolean;
  value: number;
  /** Hidden until `endsAt`: whether the COD parcel comes back unpaid. */
  returns: boolean;
  endsAt: Date;
  /** Hidden: the chance it came back, and what it would have been with a good address. */
  chance: number;
  chanceWithGoodAddress: number;
}

/** [as buyers write it, Kemendagri's name, remote]. */
const CITIES: [city: string, official: string, remote: boolean][] = [
  ["Jakarta Selatan", "Kota Administrasi Jakarta Selatan", false],
  ["Jakarta Timur", "Kota Administrasi Jakarta Timur", false],
  ["Bekasi", "Kota Bekasi", false],
  ["Bandung", "Kota Bandung", false],
  ["Bogor", "Kota Bogor", false],
  ["Depok", "Kota Depok", false],
  ["Tangerang", "Kota Tangerang", false],
  ["Semarang", "Kota Semarang", false],
  ["Solo", "Kota Surakarta", false],
  ["Yogyakarta", "Kota Yogyakarta", false],
  ["Surabaya", "Kota Surabaya", false],
  ["Malang", "Kota Malang", false],
  ["Sidoarjo", "Kabupaten Sidoarjo", false],
  ["Medan", "Kota Medan", false],
  ["Palembang", "Kota Palembang", false],
  ["Pekanbaru", "Kota Pekanbaru", false],
  ["Padang", "Kota Padang", false],
  ["Bandar Lampung", "Kota Bandar Lampung", false],
  ["Denpasar", "Kota Denpasar", false],
  ["Makassar", "Kota Makassar", false],
  ["Manado", "Kota Manado", false],
  ["Banjarmasin", "Kota Banjarmasin", false],
  ["Balikpapan", "Kota Balikpapan", false],
  ["Pontianak", "Kota Pontianak", false],
  ["Mataram", "Kota Mataram", true],
  ["Kupang", "Kota Kupang", true],
  ["Ambon", "Kota Ambon", true],
  ["Ternate", "Kota Ternate", true],
  ["Jayapura", "Kota Jayapura", true],
  ["Sorong", "Kota Sorong", true],
];

/** The generator's knobs, fixed so every run replays the same two years. */
export const WORLD = {
  seed: 75,
  /** The first year chooses the rules' points; the second is reported. */
  days: 730,
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
  /** A number that cannot exist (a digit short): nobody can be reached. */
  invalidPhoneShare: 0.005,
  invalidPhoneRefusesMore: 0.3,
  /** Of buyers, those whose address has each flaw, and how much more often their parcel comes back. */
  addressFlaws: {
    mismatch: [0.03, 0.45],
    landmark: [0.015, 0.4],
    noNumber: [0.05, 0.12],
    hidden: [0.04, 0.3],
  },
  /** After a parcel came back, the chance each later order of theirs comes from a new number. */
  newNumberAfterReturn: { reliable: 0.05, unsure: 0.2, serial: 0.5 },
  /** Of buyers, those who write their kecamatan (and kelurahan) in the address. */
  namesDistrict: 0.5,
} as const;

/** Indonesian mobile operators' prefixes (Telkomsel, Indosat, XL, Axis, Tri, Smartfren). */
const MOBILE_PREFIXES = [
  "0811",
  "0812",
  "0813",
  "0821",
  "0852",
  "0853",
  "0814",
  "0815",
  "0856",
  "0857",
  "0817",
  "0818",
  "0819",
  "0859",
  "0877",
  "0878",
  "0831",
  "0838",
  "0895",
  "0896",
  "0881",
  "0882",
];
const STREETS = ["Melati", "Mawar", "Kenanga", "Merdeka", "Diponegoro", "Sudirman", "Ahmad Yani"];
const LANDMARKS = [
  "dekat masjid Al-Ikhlas",
  "depan warung Bu Sri",
  "samping pos ronda",
  "belakang balai desa",
  "sebelah toko bangunan Jaya",
];
const NUMBERLESS = ["Perum Griya Asri blok D", "Gg. Buntu", "Jl. Kenanga", "Dusun Krajan"];
const NAMES = ["Siti", "Dewi", "Budi", "Agus", "Rina", "Putri", "Andi", "Wahyu", "Sri", "Eko"];

/** The two years' orders in time order, and the buyers and places behind them. */
export function generateWorld(start = new Date("2024-11-01T00:00:00Z")) {
  const random = rng(WORLD.seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const normal = () => {
    const u = Math.max(random(), 1e-9);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };

  const places = realPlaces(random, normal);
  // Java's cities receive most parcels.
  const weightOf = (p: Place) => (/Jawa|Jakarta|Banten|Yogyakarta/.test(p.province) ? 5 : 1);
  const placePool = places.flatMap((p) => Array.from({ length: weightOf(p) }, () => p));

  const buyers: Buyer[] = [];
  let phoneSeq = 0;
  const newPhone = (kind: "mobile" | "landline" | "invalid") => {
    phoneSeq += 1;
    if (kind === "landline") return `021${50_000_000 + phoneSeq}`;
    const mobile = `${pick(MOBILE_PREFIXES)}${String(10_000_000 + phoneSeq * 37).slice(-8)}`;
    // A digit or more short of any Indonesian mobile number.
    return kind === "invalid" ? mobile.slice(0, 8) : mobile;
  };
  const flawOf = (): AddressFlaw => {
    let x = random();
    for (const [flaw, [share]] of Object.entries(WORLD.addressFlaws)) {
      if (x < share) return flaw as AddressFlaw;
      x -= share;
    }
    return "none";
  };
  const addressFor = (place: Place, flaw: AddressFlaw, n: number): Address => {
    const rtRw = random() < 0.6 ? ` RT 0${1 + (n % 9)}/RW 0${1 + (n % 7)}` : "";
    const street = `Jl. ${pick(STREETS)} No. ${1 + (n % 120)}${rtRw}`;
    const named = random() < WORLD.namesDistrict;
    const base = {
      address1: street,
      address2: named ? `Kel. ${place.village}, Kec. ${place.district}` : null,
      city: place.city,
      province: place.province,
      zip: place.code,
      flaw,
    };
    switch (flaw) {
      case "mismatch":
        // A code of another kecamatan of the city, the right kecamatan written beside it.
        return place.neighbours.length > 0
          ? {
              ...base,
              address2: `Kec. ${place.district}`,
              zip: pick(place.neighbours),
            }
          : { ...base, city: pick(CITIES.filter(([c]) => c !== place.city))[0] };
      case "landmark":
        return { ...base, address1: pick(LANDMARKS), address2: null };
      case "noNumber":
        return { ...base, address1: pick(NUMBERLESS) };
      default:
        return base;
    }
  };

  function newBuyer(kind?: Buyer["kind"]): Buyer {
    const r = random();
    const [reliable, unsure] = [WORLD.buyerKinds.reliable, WORLD.buyerKinds.unsure];
    const chosen: Buyer["kind"] =
      kind ?? (r < reliable[0] ? "reliable" : r < reliable[0] + unsure[0] ? "unsure" : "serial");
    const fake = chosen === "fake";
    const p = random();
    const phoneKind = fake
      ? p < 0.4
        ? "invalid"
        : p < 0.7
          ? "landline"
          : "mobile"
      : p < WORLD.landlineShare
        ? "landline"
        : p < WORLD.landlineShare + WORLD.invalidPhoneShare
          ? "invalid"
          : "mobile";
    const flaw = fake
      ? random() < 0.6
        ? pick(["mismatch", "landmark"] as const)
        : "none"
      : flawOf();
    let refuses = fake
      ? WORLD.burstRefuses
      : WORLD.buyerKinds[chosen as "reliable"][1] * Math.exp(0.3 * normal());
    if (!fake) {
      if (phoneKind === "landline") refuses += WORLD.landlineRefusesMore;
      if (phoneKind === "invalid") refuses += WORLD.invalidPhoneRefusesMore;
    }
    const id = buyers.length + 1;
    const place = pick(placePool);
    const buyer: Buyer = {
      id,
      phones: [newPhone(phoneKind)],
      email: !fake && random() < 0.6 ? `pembeli${id}@mail.example` : null,
      customerId: !fake && random() < 0.7 ? String(7_000_000 + id) : null,
      name: `${pick(NAMES)} ${id}`,
      place,
      address: addressFor(place, flaw, id),
      refuses: Math.min(0.98, refuses),
      activity: fake ? 0 : Math.exp(0.8 * normal()),
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
  /** When each buyer's last returned parcel came back (they may change numbers after). */
  const lastBack = new Map<number, number>();
  const DAY = 86_400_000;
  const place = (at: Date, buyer: Buyer, cod: boolean, valueTimes = 1) => {
    const back = lastBack.get(buyer.id);
    if (buyer.kind !== "fake" && back !== undefined && back <= at.getTime()) {
      if (random() < WORLD.newNumberAfterReturn[buyer.kind]) buyer.phones.push(newPhone("mobile"));
      lastBack.delete(buyer.id);
    }
    const value = Math.round((150_000 * Math.exp(0.6 * normal()) * valueTimes) / 1_000) * 1_000;
    const flaw = buyer.address.flaw;
    const addressRefuses = flaw === "none" ? 0 : WORLD.addressFlaws[flaw][1];
    const withGoodAddress = 1 - (1 - buyer.refuses) * (1 - buyer.place.rate);
    const refuse = 1 - (1 - withGoodAddress) * (1 - addressRefuses);
    const returns = cod && random() < refuse;
    const transitDays = returns ? 7 + random() * 7 : 2 + random() * 3;
    const endsAt = new Date(at.getTime() + transitDays * DAY);
    if (returns) lastBack.set(buyer.id, endsAt.getTime());
    orders.push({
      id: 6_100_000_000_000 + orders.length + 1,
      at,
      buyer,
      phone: buyer.phones[buyer.phones.length - 1]!,
      cod,
      value,
      returns,
      endsAt,
      chance: refuse,
      chanceWithGoodAddress: withGoodAddress,
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
  return { orders, buyers, places, start, yearEnds: new Date(start.getTime() + 365 * DAY) };
}

/**
 * 3-8 real postal codes of each city, each with a kecamatan and kelurahan it serves, and the
 * city's other codes in other kecamatan; each with its own hidden return rate.
 */
function realPlaces(random: () => number, normal: () => number): Place[] {
  const areas = adminAreas();
  return CITIES.flatMap(([city, official, remote]) => {
    const cityIndex = areas.cities.findIndex(([name]) => name === official);
    if (cityIndex < 0) throw new Error(`${official} is not in ${areas.source}`);
    const province = areas.provinces[areas.cities[cityIndex]![1]]!;
    const codes = Object.entries(areas.postals)
      .filter(([, served]) => served.some(([d]) => areas.districts[d]![1] === cityIndex))
      .map(([code, served]) => {
        const [district, villages] = served.find(([d]) => areas.districts[d]![1] === cityIndex)!;
        return { code, district, village: villages[0]! };
      })
      .sort((a, b) => a.code.localeCompare(b.code));
    const cityRate = remote ? 0.1 + random() * 0.08 : 0.025 + random() * 0.04;
    const count = Math.min(codes.length, 3 + Math.floor(random() * 6));
    const shuffled = [...codes];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const chosen = shuffled.slice(0, count);
    return chosen.map((c) => ({
      code: c.code,
      district: areas.districts[c.district]![0],
      village: c.village,
      city,
      province,
      neighbours: codes.filter((o) => o.district !== c.district).map((o) => o.code),
      rate: Math.min(0.6, cityRate * Math.exp(0.35 * normal())),
      shipping: remote
        ? 32_000 + Math.round(random() * 20) * 1_000
        : 9_000 + Math.round(random() * 12) * 1_000,
    }));
  });
}
