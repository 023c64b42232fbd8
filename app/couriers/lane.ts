import type { LabelSnapshot } from "../db/json-columns";
import type { RecordedEntry } from "../shipments/fulfillment-events";

/**
 * A parcel's part in its courier's record (the courier performance page, app/couriers/): where it
 * went, as the service names the destination's province and city, when the courier picked it up
 * and how many delivery attempts failed. The database adds it to its lane's figures (the trigger
 * of migration 0034) whenever these change.
 */

/** The lane of a booked parcel: its label's receiver province and city. */
export function lanePatch(label: LabelSnapshot): {
  laneProvince: string | null;
  laneCity: string | null;
} {
  return { laneProvince: label.receiver.province, laneCity: label.receiver.city };
}

/**
 * What the courier's history says of the parcel's way, from its entries as recorded (in the order
 * they happened, `recordedEntries`): its first pickup (the earliest `picked` entry; null while
 * there is none) and the failed delivery attempts (the entries Shopify is told were attempts,
 * `ATTEMPTED_DELIVERY`).
 */
export function wayFacts(entries: readonly RecordedEntry[]): {
  pickedUpAt: Date | null;
  failedAttempts: number;
} {
  return {
    pickedUpAt: entries.find((e) => e.serviceStatus === "picked")?.happenedAt ?? null,
    failedAttempts: entries.filter((e) => e.shopifyStatus === "ATTEMPTED_DELIVERY").length,
  };
}
