import crypto from "node:crypto";
import { whenReady, type RedisConnection } from "../platform/redis.server";
import { logger } from "../platform/logger.server";

/**
 * One CSV download per shop at a time, across every web process: a Redis key the download holds
 * while it streams (renewed as each page goes out) and gives back when it ends, is cancelled or
 * fails. A second download of the same shop meanwhile is refused (429, in words): a merchant
 * pressing "Export" again, or a script asking in a loop, never doubles the database's work. A slot
 * whose holder died lapses after `DOWNLOAD_SLOT_MS`. Redis unreachable: the download goes ahead
 * (the shop's request rate still counts it).
 */
export const DOWNLOAD_SLOT_MS = 30_000;

// KEYS[1]: the slot; ARGV[1]: the holder's token; ARGV[2]: ms. Renews, or gives back with ms 0.
const MINE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '0' then return redis.call('DEL', KEYS[1]) end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
`;

export interface DownloadSlot {
  /** Still downloading: the slot is held a while longer. */
  renew(): Promise<void>;
  /** Done (or failed, or cancelled): the shop may download again. */
  release(): Promise<void>;
}

const free: DownloadSlot = { renew: async () => {}, release: async () => {} };

/** The shop's download slot, or null while another download of the shop holds it. */
export async function takeDownloadSlot(
  redis: RedisConnection,
  prefix: string,
  shop: string,
): Promise<DownloadSlot | null> {
  const key = `${prefix}:download:${shop}`;
  const token = crypto.randomUUID();
  try {
    await whenReady(redis, 2_000);
    const taken = await redis.set(key, token, "PX", DOWNLOAD_SLOT_MS, "NX");
    if (taken !== "OK") return null;
  } catch (error) {
    logger.warn(
      { err: (error as Error).message },
      "download slot unavailable (Redis); it goes ahead",
    );
    return free;
  }
  const mine = async (ms: number) => {
    try {
      await redis.eval(MINE, 1, key, token, String(ms));
    } catch (error) {
      logger.warn({ err: (error as Error).message, shop }, "download slot not renewed or released");
    }
  };
  return { renew: () => mine(DOWNLOAD_SLOT_MS), release: () => mine(0) };
}
