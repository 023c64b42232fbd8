import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Queue } from "bullmq";
import { Cluster, Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { maintenanceJobs, QUEUES } from "#app/jobs/definitions.ts";
import {
  freePort,
  portOpen,
  startWorker,
  stopProcess,
  waitUntil,
  type Child,
} from "../../scripts/processes.ts";
import { RedisCluster, selfSignedTls, tlsServerArgs } from "../../scripts/redis-cluster.ts";

/**
 * `rediss://` and a password, for one server (REDIS_URL) and for a cluster (REDIS_CLUSTER_NODES):
 * a worker process connects over TLS with both kinds of connection (its producer puts the
 * maintenance schedules in place, its BullMQ workers wait for jobs), verifying the server's
 * certificate against the CA it is given (NODE_EXTRA_CA_CERTS, Node's own setting); without that
 * CA it refuses the server and says so.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-redis-tls-"));
const tls = selfSignedTls(dir);
const password = "tls pass:word";
const started: Child[] = [];
let single: ReturnType<typeof spawn> | undefined;
let cluster: RedisCluster | undefined;

afterAll(async () => {
  await Promise.all(started.map((c) => stopProcess(c.process)));
  await stopProcess(single);
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function workerEnv(redis: Record<string, string>, trusted = true): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LOG_LEVEL: "info",
    REDIS_URL: "redis://127.0.0.1:1",
    REDIS_CLUSTER_NODES: "",
    ...redis,
    ...(trusted ? { NODE_EXTRA_CA_CERTS: tls.ca } : {}),
  };
}

/** The maintenance schedules the worker put in place, read over TLS by this process (then closed). */
async function schedulesAt(connection: Redis | Cluster, prefix: string): Promise<string[]> {
  const queue = new Queue(QUEUES.maintenance, { connection, prefix });
  try {
    return (await queue.getJobSchedulers()).map((s) => s.key).sort();
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

describe("Redis over TLS with a password", () => {
  it("one server: rediss:// with the password in the URL", { timeout: 90_000 }, async () => {
    const port = await freePort();
    single = spawn(
      "redis-server",
      [
        ...tlsServerArgs(port, tls, false),
        "--bind",
        "127.0.0.1",
        "--requirepass",
        password,
        "--save",
        "",
        "--appendonly",
        "no",
      ],
      { stdio: "ignore" },
    );
    await waitUntil("redis-server over TLS", () => portOpen(port));
    const url = `rediss://:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    const prefix = `pbtest-tls-${process.pid}`;

    // Not trusting the server's CA: the worker does not start, and says why.
    await expect(
      startWorker({ env: workerEnv({ REDIS_URL: url, QUEUE_PREFIX: prefix }, false) }),
    ).rejects.toThrow(/"err":"self-signed certificate[\s\S]*Redis is unreachable/);

    started.push(await startWorker({ env: workerEnv({ REDIS_URL: url, QUEUE_PREFIX: prefix }) }));
    const reader = new Redis({
      port,
      host: "127.0.0.1",
      password,
      tls: { ca: fs.readFileSync(tls.ca) },
      maxRetriesPerRequest: null,
    });
    expect(await schedulesAt(reader, prefix)).toHaveLength(Object.keys(maintenanceJobs).length);
  });

  it(
    "a cluster: rediss:// seeds with the password, TLS between the nodes too",
    { timeout: 120_000 },
    async () => {
      cluster = await RedisCluster.start({ password, tls });
      const prefix = `{pbtest-tlsc-${process.pid}}`;
      expect(cluster.seeds).toMatch(/^rediss:\/\//);
      started.push(
        await startWorker({
          env: workerEnv({ REDIS_CLUSTER_NODES: cluster.seeds, QUEUE_PREFIX: prefix }),
        }),
      );
      const reader = new Cluster([{ host: "127.0.0.1", port: cluster.nodes[0]!.port }], {
        redisOptions: {
          password,
          tls: { ca: fs.readFileSync(tls.ca) },
          maxRetriesPerRequest: null,
        },
      });
      expect(await schedulesAt(reader, prefix)).toHaveLength(Object.keys(maintenanceJobs).length);
    },
  );
});
