import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, portOpen, waitUntil } from "./processes.ts";

/**
 * A private PgBouncer (Debian's `pgbouncer`, 1.18) in transaction mode in front of a PostgreSQL
 * server, for the tests that run the app behind it: a few server connections shared by many
 * clients, each server connection handed to another client after every transaction.
 */
export interface PgBouncerOptions {
  /** The PostgreSQL server behind it (default 127.0.0.1:5432). */
  upstream?: { host: string; port: number };
  /** Server connections per database and user: fewer than clients, so that they are shared. */
  poolSize?: number;
}

export class PgBouncer {
  private constructor(
    readonly port: number,
    private readonly child: ChildProcess,
    private readonly dir: string,
    private readonly log: { text: string },
  ) {}

  /** The URL of `database` through PgBouncer, as `user` (authentication: trust, as upstream). */
  url(database: string, user = "postgres"): string {
    return `postgres://${user}@127.0.0.1:${this.port}/${database}`;
  }

  /** What PgBouncer logged (connections, errors). */
  output(): string {
    return this.log.text;
  }

  static async start(options: PgBouncerOptions = {}): Promise<PgBouncer> {
    const which = spawnSync("sh", ["-c", "command -v pgbouncer || ls /usr/sbin/pgbouncer"], {
      encoding: "utf8",
    });
    const binary = which.stdout.trim().split("\n")[0];
    if (which.status !== 0 || !binary)
      throw new Error("pgbouncer is not installed (apt-get install pgbouncer)");
    const upstream = options.upstream ?? { host: "127.0.0.1", port: 5432 };
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-pgbouncer-"));
    fs.chmodSync(dir, 0o755);
    // It logs to stderr (a log file would have to be writable by the user it runs as).
    const log = { text: "" };
    fs.writeFileSync(path.join(dir, "users.txt"), '"postgres" ""\n');
    fs.writeFileSync(
      path.join(dir, "pgbouncer.ini"),
      [
        "[databases]",
        `* = host=${upstream.host} port=${upstream.port}`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${port}`,
        "unix_socket_dir =",
        "auth_type = trust",
        `auth_file = ${path.join(dir, "users.txt")}`,
        "pool_mode = transaction",
        `default_pool_size = ${options.poolSize ?? 4}`,
        "max_client_conn = 1000",
        "",
      ].join("\n"),
    );
    for (const file of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, file), 0o644);
    // PgBouncer refuses to run as root: as root, it runs as the postgres user.
    const asUser = process.getuid?.() === 0 ? ["-u", "postgres"] : [];
    const child = spawn(binary, [...asUser, path.join(dir, "pgbouncer.ini")], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr!.on("data", (d: Buffer) => (log.text = (log.text + d.toString()).slice(-50_000)));
    const bouncer = new PgBouncer(port, child, dir, log);
    try {
      await waitUntil(
        "pgbouncer to listen",
        async () => {
          if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${bouncer.output()}`);
          return portOpen(port);
        },
        15_000,
      );
    } catch (error) {
      await bouncer.stop();
      throw error;
    }
    return bouncer;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once("exit", resolve));
      this.child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
