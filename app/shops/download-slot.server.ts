import { takeLease, type Lease } from "../platform/redis-lease.server";
import type { RedisConnection } from "../platform/redis.server";

/**
 * One CSV download per shop at a time, across every web process: a lease the download holds
 * while it streams (renewed as each page goes out) and gives back when it ends, is cancelled or
 * fails (app/platform/csv-download.server.ts). A second download of the same shop meanwhile is
 * refused (429, in words): a merchant pressing "Export" again, or a script asking in a loop,
 * never doubles the database's work. A slot whose holder died lapses after `DOWNLOAD_SLOT_MS`.
 * Redis unreachable: the download goes ahead (the shop's request rate still counts it).
 */
export const DOWNLOAD_SLOT_MS = 30_000;

export type DownloadSlot = Lease;

/** The shop's download slot, or null while another download of the shop holds it. */
export function takeDownloadSlot(
  redis: RedisConnection,
  prefix: string,
  shop: string,
): Promise<DownloadSlot | null> {
  return takeLease(redis, `${prefix}:download:${shop}`, DOWNLOAD_SLOT_MS, "download slot");
}
