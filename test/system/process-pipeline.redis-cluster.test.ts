import { afterAll } from "vitest";
import { RedisCluster } from "../../scripts/redis-cluster.ts";

/**
 * The pipeline as deployed on a Redis Cluster (3 masters, 3 replicas, a password) started from
 * Debian's redis-server in cluster mode: every Redis connection of this process (the web side)
 * and of three worker processes is a cluster connection, the keys under one hash-tagged prefix.
 * One more scenario kills the master holding the app's slot mid-run; its replica takes over, and
 * every order is still booked exactly once without restarting anything.
 */
const cluster = await RedisCluster.start({ password: "cluster pass:word" });
const prefix = `{pbtest-${process.pid}}`;
// Before any module reads the environment (the imports below are dynamic for that reason).
process.env.REDIS_CLUSTER_NODES = cluster.seeds;
process.env.QUEUE_PREFIX = prefix;
process.env.REDIS_URL = "redis://127.0.0.1:1";
afterAll(() => cluster.stop());

const { describeProcessPipeline } = await import("../helpers/process-pipeline.ts");

describeProcessPipeline("a Redis Cluster", {
  workers: 3,
  failRedisOver: async () => cluster.kill(await cluster.masterOf(prefix)),
});
