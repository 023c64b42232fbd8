import { Cluster, Redis, type ClusterOptions, type RedisOptions } from "ioredis";
import type { RedisClusterNodes } from "./env.server";

/** A connection to the app's Redis: one server (REDIS_URL), or a Redis Cluster (REDIS_CLUSTER_NODES). */
export type RedisConnection = Redis | Cluster;

/** Where the app's Redis is, as the environment says (REDIS_CLUSTER_NODES wins over REDIS_URL). */
export type RedisTarget = { url: string } | { cluster: RedisClusterNodes };

export function redisTargetOf(env: {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: RedisClusterNodes;
}): RedisTarget {
  return env.REDIS_CLUSTER_NODES ? { cluster: env.REDIS_CLUSTER_NODES } : { url: env.REDIS_URL };
}

/** host:port of the target (for logs and messages; never its password). */
export function describeRedisTarget(target: RedisTarget): string {
  if ("url" in target) return new URL(target.url).host;
  return `cluster ${target.cluster.nodes.map((n) => `${n.host}:${n.port}`).join(",")}`;
}

/**
 * A connection to the target with `options` for each server. On a cluster, `options` apply to
 * every node's connection; credentials and TLS come from the seeds' URLs (the same for all nodes),
 * and nodes are reached at the addresses the cluster announces (with TLS, under those names as
 * given, as managed services' certificates expect).
 */
function connect(
  target: RedisTarget,
  options: RedisOptions,
  cluster: Omit<ClusterOptions, "redisOptions">,
): RedisConnection {
  if ("url" in target) return new Redis(target.url, options);
  const { nodes, username, password, tls } = target.cluster;
  // A cluster drops a lost node and fetches the slots again instead of reconnecting to it: ioredis
  // sets each node's retryStrategy (and offline queue) itself, so those stay cluster-wide.
  const {
    lazyConnect,
    enableOfflineQueue,
    enableReadyCheck,
    retryStrategy: _perServer,
    ...perNode
  } = options;
  return new Cluster(nodes, {
    lazyConnect,
    enableOfflineQueue,
    enableReadyCheck,
    ...cluster,
    ...(tls ? { dnsLookup: (address, callback) => callback(null, address) } : {}),
    redisOptions: { ...perNode, username, password, ...(tls ? { tls: {} } : {}) },
  });
}

/**
 * Redis connections as BullMQ wants them, one kind per role:
 * - producers (web requests enqueueing): fail fast when Redis is unreachable, so a webhook
 *   answers 5xx at once and Shopify retries, instead of hanging past its 5-second limit;
 * - workers: wait out outages (maxRetriesPerRequest null), reconnecting forever.
 * On a cluster, a master failing over is such an outage until its replica takes its slots.
 */
export function createProducerConnection(
  target: RedisTarget,
  options: RedisOptions = {},
): RedisConnection {
  return connect(
    target,
    {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // A server that holds the connection open but does not answer (stalled, overloaded, a
      // network dropping packets) fails the command after 2 s instead of holding the request.
      commandTimeout: 2_000,
      // Keep trying in the background (a redelivered webhook will find Redis back), but never
      // make a request wait for it: enableOfflineQueue false fails its commands at once.
      retryStrategy: (times) => Math.min(times * 500, 5_000),
      // No auto-pipelining: each command is written as it is made. ioredis's auto-pipelining
      // builds a Pipeline per turn of the event loop, and each copies every script command
      // defined on the connection (BullMQ defines dozens); at 2,000 deliveries/s the web spent
      // about 16 % more CPU with it than the writes it saved, and kept three times as much
      // short-lived memory alive into the old generation (bench/README.md, "Webhook
      // acknowledgement").
      ...options,
    },
    {
      clusterRetryStrategy: (times) => Math.min(times * 500, 5_000),
      slotsRefreshTimeout: 2_000,
      // A command meeting a failing-over slot is retried a few times over about a second, then fails.
      retryDelayOnClusterDown: 200,
      retryDelayOnFailover: 200,
      maxRedirections: 6,
    },
  );
}

export function createWorkerConnection(
  target: RedisTarget,
  options: RedisOptions = {},
): RedisConnection {
  return connect(
    target,
    {
      maxRetriesPerRequest: null,
      enableReadyCheck: false,
      connectTimeout: 10_000,
      retryStrategy: (times) => Math.min(times * 200, 5_000),
      ...options,
    },
    {
      clusterRetryStrategy: (times) => Math.min(times * 200, 5_000),
      slotsRefreshTimeout: 5_000,
      retryDelayOnClusterDown: 500,
      retryDelayOnFailover: 500,
      maxRedirections: 32,
    },
  );
}

/**
 * Whether the connection is ready, waiting up to `timeoutMs` for one being (re)established: a
 * producer connection (enableOfflineQueue false) fails every command sent before that.
 */
export async function whenReady(redis: RedisConnection, timeoutMs: number): Promise<boolean> {
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
 * other than noeviction (managed services that hide CONFIG are let through with a warning). On a
 * cluster every master is asked, and the first policy that is not noeviction is answered.
 */
export async function checkEvictionPolicy(
  redis: RedisConnection,
): Promise<"noeviction" | string | null> {
  const policyOf = async (server: Redis) => {
    try {
      const result = (await server.config("GET", "maxmemory-policy")) as string[];
      return result[1] ?? null;
    } catch {
      return null;
    }
  };
  if (!(redis instanceof Cluster)) return policyOf(redis);
  const policies = await Promise.all(redis.nodes("master").map(policyOf));
  return policies.find((p) => p !== null && p !== "noeviction") ?? policies[0] ?? null;
}
