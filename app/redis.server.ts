import { Redis, type RedisOptions } from "ioredis";

/**
 * Redis connections as BullMQ wants them, one kind per role:
 * - producers (web requests enqueueing): fail fast when Redis is unreachable, so a webhook
 *   answers 5xx at once and Shopify retries, instead of hanging past its 5-second limit;
 * - workers: wait out outages (maxRetriesPerRequest null), reconnecting forever.
 */
export function createProducerConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Keep trying in the background (a redelivered webhook will find Redis back), but never
    // make a request wait for it: enableOfflineQueue false fails its commands at once.
    retryStrategy: (times) => Math.min(times * 500, 5_000),
    ...options,
  });
}

export function createWorkerConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: false,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
    ...options,
  });
}

/**
 * Whether the connection is ready, waiting up to `timeoutMs` for one being (re)established: a
 * producer connection (enableOfflineQueue false) fails every command sent before that.
 */
export async function whenReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === "ready") return true;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(
      () => {
        redis.off("ready", onReady);
        resolve(false);
      },
      Math.max(0, timeoutMs),
    );
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once("ready", onReady);
  });
}

/**
 * BullMQ loses jobs silently when Redis evicts keys: refuse to run against a maxmemory-policy
 * other than noeviction (managed services that hide CONFIG are let through with a warning).
 */
export async function checkEvictionPolicy(redis: Redis): Promise<"noeviction" | string | null> {
  try {
    const result = (await redis.config("GET", "maxmemory-policy")) as string[];
    return result[1] ?? null;
  } catch {
    return null;
  }
}
