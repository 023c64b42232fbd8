import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { portOpen, waitUntil } from "./processes.ts";

/**
 * A private Redis Cluster from Debian's `redis-server` (cluster mode) and `redis-cli --cluster
 * create`, for the tests and drills that run the app on a cluster: masters with one replica each,
 * no persistence, a short node timeout so that a killed master's replica takes over in seconds.
 */
export interface RedisClusterNode {
  port: number;
  process: ChildProcess;
}

export interface RedisClusterOptions {
  masters?: number;
  replicasPerMaster?: number;
  /** cluster-node-timeout: how long a master may be unreachable before its replica is promoted. */
  nodeTimeoutMs?: number;
  /** requirepass and masterauth of every node. */
  password?: string;
  /** TLS only, between clients and nodes and between nodes (tlsFiles gives a self-signed set). */
  tls?: TlsFiles;
}

/** A certificate, its key and the CA that signed it, as files (PEM). */
export interface TlsFiles {
  cert: string;
  key: string;
  ca: string;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost in `dir` (openssl), its own CA: what a
 * private Redis with TLS presents, and what its clients must trust (NODE_EXTRA_CA_CERTS).
 */
export function selfSignedTls(dir: string): TlsFiles {
  const cert = path.join(dir, "redis-cert.pem");
  const key = path.join(dir, "redis-key.pem");
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { cert, key, ca: cert };
}

/** redis-server's arguments for TLS only on `port` (and, in a cluster, between its nodes). */
export function tlsServerArgs(port: number, tls: TlsFiles, cluster: boolean): string[] {
  return [
    "--port",
    "0",
    "--tls-port",
    String(port),
    "--tls-cert-file",
    tls.cert,
    "--tls-key-file",
    tls.key,
    "--tls-ca-cert-file",
    tls.ca,
    "--tls-auth-clients",
    "no",
    ...(cluster ? ["--tls-cluster", "yes", "--tls-replication", "yes"] : []),
  ];
}

export class RedisCluster {
  private constructor(
    readonly nodes: RedisClusterNode[],
    private readonly dir: string,
    private readonly password: string | undefined,
    private readonly tls: TlsFiles | undefined,
  ) {}

  /**
   * REDIS_CLUSTER_NODES for the app: every node, as URLs carrying the password and TLS (rediss)
   * when there are any, else as host:port.
   */
  get seeds(): string {
    const auth = this.password ? `:${encodeURIComponent(this.password)}@` : "";
    const scheme = this.tls ? "rediss" : "redis";
    return this.nodes
      .map((n) =>
        auth || this.tls ? `${scheme}://${auth}127.0.0.1:${n.port}` : `127.0.0.1:${n.port}`,
      )
      .join(",");
  }

  static async start(options: RedisClusterOptions = {}): Promise<RedisCluster> {
    const masters = options.masters ?? 3;
    const replicas = options.replicasPerMaster ?? 1;
    const which = spawnSync("sh", ["-c", "command -v redis-server && command -v redis-cli"], {
      encoding: "utf8",
    });
    if (which.status !== 0)
      throw new Error(
        "redis-server and redis-cli are not installed (apt-get install redis-server)",
      );
    const [server, cli] = which.stdout.trim().split("\n") as [string, string];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-redis-cluster-"));
    const ports = await clusterPorts(masters * (1 + replicas));
    const auth = options.password
      ? ["--requirepass", options.password, "--masterauth", options.password]
      : [];
    const nodes = ports.map((port) => ({
      port,
      process: spawn(
        server,
        [
          ...(options.tls ? tlsServerArgs(port, options.tls, true) : ["--port", String(port)]),
          "--bind",
          "127.0.0.1",
          "--cluster-enabled",
          "yes",
          "--cluster-config-file",
          path.join(dir, `nodes-${port}.conf`),
          "--cluster-node-timeout",
          String(options.nodeTimeoutMs ?? 2_000),
          // Any replica may take over, however long it was cut off (the tests kill masters).
          "--cluster-replica-validity-factor",
          "0",
          "--save",
          "",
          "--appendonly",
          "no",
          "--dir",
          dir,
          ...auth,
        ],
        { stdio: "ignore" },
      ),
    }));
    const cluster = new RedisCluster(nodes, dir, options.password, options.tls);
    try {
      for (const n of nodes)
        await waitUntil(`redis-server on ${n.port}`, async () => {
          if (n.process.exitCode !== null)
            throw new Error(`redis-server on ${n.port} exited (${n.process.exitCode})`);
          return portOpen(n.port);
        });
      const create = spawnSync(
        cli,
        [
          "--cluster",
          "create",
          ...ports.map((p) => `127.0.0.1:${p}`),
          "--cluster-replicas",
          String(replicas),
          "--cluster-yes",
          ...(options.password ? ["-a", options.password, "--no-auth-warning"] : []),
          ...(options.tls ? ["--tls", "--cacert", options.tls.ca] : []),
        ],
        { encoding: "utf8" },
      );
      if (create.status !== 0)
        throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
      await cluster.waitHealthy(masters);
      return cluster;
    } catch (error) {
      await cluster.stop();
      throw error;
    }
  }

  private connect(port: number): Redis {
    const redis = new Redis({
      port,
      host: "127.0.0.1",
      password: this.password,
      ...(this.tls ? { tls: { ca: fs.readFileSync(this.tls.ca) } } : {}),
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on("error", () => {});
    return redis;
  }

  /** Runs one command on one node. */
  async command<T>(port: number, run: (redis: Redis) => Promise<T>): Promise<T> {
    const redis = this.connect(port);
    try {
      await redis.connect();
      return await run(redis);
    } finally {
      redis.disconnect();
    }
  }

  private alive(): RedisClusterNode[] {
    return this.nodes.filter((n) => n.process.exitCode === null && n.process.signalCode === null);
  }

  /**
   * Until every live node says the cluster is ok, `masters` masters serve every slot, and every
   * replica's link to its master is up.
   */
  async waitHealthy(masters: number, timeoutMs = 60_000): Promise<void> {
    await waitUntil(
      "the Redis Cluster to be healthy",
      async () => {
        for (const n of this.alive()) {
          const healthy = await this.command(n.port, async (r) => {
            const info = String(await r.cluster("INFO"));
            if (!/cluster_state:ok/.test(info)) return false;
            const replication = await r.info("replication");
            if (/role:slave/.test(replication)) return /master_link_status:up/.test(replication);
            return true;
          }).catch(() => false);
          if (!healthy) return false;
        }
        const slots = await this.slots();
        return new Set(slots.map((s) => s.master)).size === masters;
      },
      timeoutMs,
    );
  }

  /** Slot ranges with the port of the master serving each, as a live node sees them. */
  async slots(): Promise<{ from: number; to: number; master: number }[]> {
    const node = this.alive()[0];
    if (!node) return [];
    const ranges = await this.command(node.port, (r) => r.cluster("SLOTS"));
    return ranges.map(([from, to, master]) => ({ from, to, master: master?.[1] ?? 0 }));
  }

  /** The node that is the master of the slot of `key` (a hash tag's slot, for `{pb}...`). */
  async masterOf(key: string): Promise<RedisClusterNode> {
    const node = this.alive()[0];
    if (!node) throw new Error("no node of the cluster is alive");
    const slot = Number(await this.command(node.port, (r) => r.cluster("KEYSLOT", key)));
    const range = (await this.slots()).find((s) => s.from <= slot && slot <= s.to);
    const master = this.nodes.find((n) => n.port === range?.master);
    if (!master) throw new Error(`no master serves slot ${slot}`);
    return master;
  }

  /** Kills the node at once (SIGKILL: what it had not replicated yet is lost). */
  async kill(node: RedisClusterNode): Promise<void> {
    if (node.process.exitCode !== null || node.process.signalCode !== null) return;
    const exited = new Promise((resolve) => node.process.once("exit", resolve));
    node.process.kill("SIGKILL");
    await exited;
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => this.kill(n)));
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * `count` free ports whose cluster bus ports (port + 10000) are free too, below the range the
 * system hands out to outgoing connections (32768 and up), from a start that differs between
 * processes (test files start clusters at the same time).
 */
async function clusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = 20_000 + (process.pid % 250) * 50; ports.length < count; port++) {
    if (port > 55_000) throw new Error("no free ports for a Redis Cluster");
    if ((await canListen(port)) && (await canListen(port + 10_000))) ports.push(port);
  }
  return ports;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
