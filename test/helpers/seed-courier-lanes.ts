import { courierLaneDays } from "#app/db/schema.ts";
import type { Db } from "#app/db/client.server.ts";

/**
 * A shop's courier record as the couriers page reads it (`courier_lane_days`, which the trigger
 * keeps from its parcels in production): four services to five provinces over the last weeks,
 * with first-attempt and return rates and times like those Indonesian merchants report (Java
 * within two or three days and nine in ten at the first attempt; Papua slower, with more parcels
 * back). For pages and screenshots; the figures' own arithmetic is tested from real parcels.
 */
const LANES: [
  courier: string,
  service: string,
  province: string,
  city: string,
  parcels: number,
  firstAttempt: number,
  returned: number,
  /** Quarter days from pickup to delivery, the first and the spread. */
  transit: [number, number],
  price: number,
][] = [
  ["jne", "reg", "Jawa Barat", "Kota Bandung", 140, 0.91, 0.05, [6, 8], 12000],
  ["jne", "reg", "DKI Jakarta", "Jakarta Selatan", 120, 0.93, 0.04, [4, 6], 10000],
  ["jne", "reg", "Jawa Timur", "Kota Surabaya", 80, 0.89, 0.06, [8, 8], 14000],
  ["jnt", "ez", "Jawa Barat", "Kota Bandung", 110, 0.88, 0.07, [6, 10], 11500],
  ["jnt", "ez", "Papua", "Kota Jayapura", 24, 0.71, 0.17, [20, 24], 52000],
  ["sicepat", "reg", "DKI Jakarta", "Jakarta Selatan", 95, 0.9, 0.06, [4, 5], 9500],
  ["sicepat", "reg", "Sulawesi Selatan", "Kota Makassar", 40, 0.82, 0.1, [12, 14], 28000],
  ["anteraja", "reg", "Jawa Timur", "Kota Surabaya", 18, 0.83, 0.11, [8, 10], 13500],
  ["anteraja", "reg", "Papua", "Kota Jayapura", 6, 0.5, 0.33, [24, 16], 55000],
];

export async function seedCourierLanes(db: Db, shop: string, now = Date.now()) {
  const rows: (typeof courierLaneDays.$inferInsert)[] = [];
  for (const [
    courier,
    service,
    province,
    city,
    parcels,
    first,
    back,
    [q0, spread],
    price,
  ] of LANES) {
    const finished = Math.round(parcels * 0.92);
    const returned = Math.round(finished * back);
    const firstAttempt = Math.round(finished * first);
    const delivered = finished - returned;
    const lane = { shop, courier, service, province, city };
    // Spread over the last 20 days; the delivered ones over their times, the rest untimed.
    for (let i = 0; i < delivered; i += 1)
      rows.push({
        ...lane,
        day: new Date(now - ((i % 20) + 1) * 86_400_000).toISOString().slice(0, 10),
        transitQ: q0 + ((i * 7) % (spread + 1)),
        parcels: 1,
        finished: 1,
        firstAttempt: i < firstAttempt ? 1 : 0,
        returned: 0,
        cod: i % 4 === 0 ? 0 : 1,
        price: String(price),
      });
    rows.push({
      ...lane,
      day: new Date(now - 86_400_000).toISOString().slice(0, 10),
      transitQ: -1,
      parcels: parcels - delivered,
      finished: returned,
      firstAttempt: 0,
      returned,
      cod: parcels - delivered,
      price: String(price * (parcels - delivered)),
    });
  }
  // One row per lane, day and time: the kept table's grain.
  const merged = new Map<string, typeof courierLaneDays.$inferInsert>();
  for (const r of rows) {
    const key = [r.courier, r.service, r.province, r.city, r.day, r.transitQ].join("|");
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...r });
    else
      Object.assign(seen, {
        parcels: seen.parcels! + r.parcels!,
        finished: seen.finished! + r.finished!,
        firstAttempt: seen.firstAttempt! + r.firstAttempt!,
        returned: seen.returned! + r.returned!,
        cod: seen.cod! + r.cod!,
        price: String(Number(seen.price) + Number(r.price)),
      });
  }
  await db.insert(courierLaneDays).values([...merged.values()]);
}
