import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedPasswordPath, openDatabase, type Database } from "#app/db/client.server.ts";
import { backendMessages, frame, cstring, query, startupPacket, sync } from "#app/db/pg-wire.ts";
import { ScramOnlyClient } from "#app/db/scram-only-client.server.ts";
import type { PgliteServerEvent } from "#app/db/pglite-server.server.ts";
import { freePort } from "../../scripts/processes.ts";

/**
 * The embedded database's shared port (app/db/pglite-server.server.ts) under clients that do
 * what PostgreSQL's own clients and broken ones do: each is answered or dropped alone, and the
 * other connections, one of them inside a transaction, go on as if nothing happened.
 */
const execFileAsync = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-pglite-port-"));
let port = 0;
const IDLE_MS = 600;
const events: PgliteServerEvent[] = [];
let host: Database;

beforeAll(async () => {
  port = await freePort();
  host = await openDatabase({
    pgliteDataDir: dataDir,
    pglitePort: port,
    poolSize: 4,
    idleInTransactionMs: IDLE_MS,
    onServerEvent: (e) => events.push(e),
  });
  expect(host.hostsEmbedded).toBe(true);
  await host.pool.query("CREATE TABLE port_probe (id int PRIMARY KEY, tag text)");
});
afterAll(async () => {
  await host.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The password the hosting process generated: every client must give it. */
const password = () => fs.readFileSync(embeddedPasswordPath(dataDir), "utf8").trim();

/**
 * A raw client's side of SCRAM-SHA-256, done by node-postgres's own implementation (pg's
 * lib/crypto/sasl.js, what every app connection uses): what to answer each of the server's
 * authentication requests, until AuthenticationOk. The server's proof is checked by it.
 */
const sasl = createRequire(import.meta.url)("pg/lib/crypto/sasl.js") as {
  startSession(mechanisms: string[]): { response: string };
  continueSession(session: object, password: string, serverData: string): Promise<void>;
  finalizeSession(session: object, serverData: string): void;
};
const saslInitial = (response: string) => {
  const data = Buffer.from(response, "utf8");
  const length = Buffer.alloc(4);
  length.writeInt32BE(data.length);
  return frame("p", Buffer.concat([cstring("SCRAM-SHA-256"), length, data]));
};

const client = async (name: string) => {
  const c = new pg.Client({
    host: "127.0.0.1",
    port,
    user: "postgres",
    password: password(),
    database: "postgres",
    application_name: name,
  });
  c.on("error", () => undefined);
  await c.connect();
  return c;
};

/** A bystander inside a transaction, and one outside: both must be unaffected by what a test does. */
async function withBystanders(disturb: () => Promise<void>) {
  const inTx = await client("bystander-tx");
  const plain = await client("bystander");
  const id = Math.floor(Math.random() * 1e9);
  await inTx.query("BEGIN");
  await inTx.query("INSERT INTO port_probe VALUES ($1, 'bystander')", [id]);
  const disturbed = disturb();
  // The transaction goes on and commits; the other connection's query waits for it, then runs.
  const waiting = plain.query("SELECT count(*)::int AS n FROM port_probe WHERE id = $1", [id]);
  expect((await inTx.query("SELECT tag FROM port_probe WHERE id = $1", [id])).rows).toEqual([
    { tag: "bystander" },
  ]);
  await inTx.query("COMMIT");
  expect((await waiting).rows[0].n).toBe(1);
  await disturbed;
  expect((await plain.query("SELECT $1::text AS still", ["here"])).rows).toEqual([
    { still: "here" },
  ]);
  await inTx.end();
  await plain.end();
}

/** Parse of the unnamed statement, no parameter types. */
const parse = (sql: string) =>
  frame("P", Buffer.concat([cstring(""), cstring(sql), Buffer.from([0, 0])]));
/** Bind of the unnamed statement to a portal: no parameters, default result formats. */
const bind = (portal: string) =>
  frame("B", Buffer.concat([cstring(portal), cstring(""), Buffer.from([0, 0, 0, 0, 0, 0])]));

/** A raw socket to the port: what it is sent, and everything it answers until it closes or goes quiet. */
function raw() {
  const socket = net.connect({ host: "127.0.0.1", port });
  let received = Buffer.alloc(0);
  let closed = false;
  socket.on("data", (d) => (received = Buffer.concat([received, d])));
  socket.on("close", () => (closed = true));
  socket.on("error", () => undefined);
  const until = async (done: () => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  };
  return {
    socket,
    send: (bytes: Buffer) => socket.write(bytes),
    received: () => received,
    closed: () => closed,
    until,
    types: (from = 0) => [...backendMessages(received.subarray(from))].map((m) => m.type).join(""),
    /** Authenticates (SCRAM, as pg does) from `from` in what was received; resolves when ready. */
    async authenticate(from = 0) {
      const requests = () =>
        [...backendMessages(received.subarray(from))].filter((m) => m.type === "R");
      const data = (r: { body: Buffer }) => r.body.subarray(4).toString("utf8");
      await until(() => requests().length >= 1);
      const session = sasl.startSession(["SCRAM-SHA-256"]);
      socket.write(saslInitial(session.response));
      await until(() => requests().length >= 2);
      await sasl.continueSession(session, password(), data(requests()[1]!));
      socket.write(frame("p", Buffer.from(session.response, "utf8")));
      await until(() => requests().length >= 3);
      sasl.finalizeSession(session, data(requests()[2]!));
      await until(() => received.includes(Buffer.from("Z\0\0\0\x05I", "latin1")));
    },
    async started() {
      socket.write(
        startupPacket({ user: "postgres", database: "postgres", application_name: "raw" }),
      );
      await this.authenticate();
      return received.length;
    },
  };
}

describe("the embedded database's shared port", () => {
  it("serves only clients that give the password the host generated (kept in a 0600 file)", async () => {
    expect(fs.statSync(embeddedPasswordPath(dataDir)).mode & 0o777).toBe(0o600);
    await withBystanders(async () => {
      for (const [user, given] of [
        ["mallory", "wrong"],
        ["postgres", "wrong"],
        ["postgres", undefined],
      ] as const) {
        const intruder = new pg.Client({
          host: "127.0.0.1",
          port,
          user,
          database: "postgres",
          ...(given === undefined ? {} : { password: given }),
        });
        intruder.on("error", () => undefined);
        const refused = await intruder.connect().then(
          () => null,
          (error: Error & { code?: string }) => error,
        );
        await intruder.end().catch(() => undefined);
        expect(refused, `${user}/${given}`).not.toBeNull();
        if (given !== undefined) expect(refused!.code).toBe("28P01");
      }
      // A raw client sending anything but its password first is refused as well.
      const r = raw();
      r.send(startupPacket({ user: "postgres", database: "postgres" }));
      r.send(query("SELECT 1"));
      await r.until(() => r.closed());
      expect(r.types()).toMatch(/^RE$/);
    });
    expect(events.filter((e) => e.kind === "authentication_failed")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "authentication_failed", user: "mallory" }),
      ]),
    );
  });

  it("a process that took the port first, asking for the password in clear, is never given it", async () => {
    // An impostor on a port of its own: it asks every client for its password in clear.
    const heard: Buffer[] = [];
    const sockets: net.Socket[] = [];
    const impostor = net.createServer((socket) => {
      sockets.push(socket);
      socket.on("data", (d) => {
        heard.push(d);
        if (heard.length === 1) socket.write(frame("R", Buffer.from([0, 0, 0, 3])));
      });
      socket.on("error", () => undefined);
    });
    await new Promise<void>((resolve) => impostor.listen(0, "127.0.0.1", resolve));
    const impostorPort = (impostor.address() as net.AddressInfo).port;
    const secret = password();
    const connectWith = async (Client: typeof pg.Client) => {
      const c = new Client({
        host: "127.0.0.1",
        port: impostorPort,
        user: "postgres",
        password: secret,
        // The impostor never answers past its request: the plain client waits for it.
        connectionTimeoutMillis: 1_000,
      });
      c.on("error", () => undefined);
      const error = await c.connect().then(
        () => null,
        (e: Error) => e,
      );
      // Not awaited: the impostor never ends the conversation (its sockets go in the end).
      void c.end().catch(() => undefined);
      return error;
    };
    try {
      // What a plain client does (what the embedded database's clients did): it sends it.
      await connectWith(pg.Client);
      await new Promise((r) => setTimeout(r, 100));
      expect(Buffer.concat(heard).includes(secret)).toBe(true);
      heard.length = 0;
      // The app's embedded client (SCRAM only): refused in words, and nothing of the password sent.
      const refused = await connectWith(ScramOnlyClient);
      expect(refused?.message).toMatch(/asked for the password in clear: it is not the embedded/);
      await new Promise((r) => setTimeout(r, 100));
      expect(Buffer.concat(heard).includes(secret)).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => impostor.close(resolve));
    }
  });

  it("declines SSL and GSS encryption requests; the client then starts in clear", async () => {
    await withBystanders(async () => {
      for (const code of [80877103, 80877104]) {
        const r = raw();
        const request = Buffer.alloc(8);
        request.writeInt32BE(8, 0);
        request.writeInt32BE(code, 4);
        r.send(request);
        await r.until(() => r.received().length >= 1);
        expect(r.received().toString("latin1")).toBe("N");
        const from = r.received().length;
        r.send(startupPacket({ user: "postgres", database: "postgres" }));
        await r.authenticate(from);
        r.send(query("SELECT 41 + 1"));
        await r.until(() => r.types(from).endsWith("Z") && r.types(from).includes("D"));
        // SCRAM (R: SASL, continue, final), then the greeting (R: ok, S…, K, Z), then the answer.
        expect(r.types(from)).toMatch(/^RRRRS+KZTDCZ$/);
        expect(r.received().subarray(from).toString("latin1")).toContain("42");
        r.socket.destroy();
      }
    });
  });

  it("answers a cancel request: a statement still waiting for the session is cancelled, a wrong key does nothing", async () => {
    const holder = await client("holder");
    const victim = await client("victim");
    await holder.query("BEGIN");
    const waiting = victim.query("SELECT 1 AS one").catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 100));
    const cancel = (key: number) => {
      const r = raw();
      const packet = Buffer.alloc(16);
      packet.writeInt32BE(16, 0);
      packet.writeInt32BE(80877102, 4);
      packet.writeInt32BE((victim as unknown as { processID: number }).processID, 8);
      packet.writeInt32BE(key, 12);
      r.send(packet);
      return r.until(r.closed);
    };
    const secretKey = (victim as unknown as { secretKey: number }).secretKey;
    await cancel(secretKey ^ 1);
    await cancel(secretKey);
    expect(await waiting).toMatchObject({
      code: "57014",
      message: "canceling statement due to user request",
    });
    await holder.query("COMMIT");
    expect((await victim.query("SELECT 2 AS two")).rows).toEqual([{ two: 2 }]);
    await holder.end();
    await victim.end();
  });

  it("drops a client that sends malformed messages, telling it why; the host process and every other connection go on", async () => {
    const malformed: [string, Buffer][] = [
      ["a Query whose length is shorter than its header", Buffer.from([0x51, 0, 0, 0, 3])],
      ["an unknown message type", frame("y", Buffer.from("x"))],
      ["a Query without its terminating zero", frame("Q", Buffer.from("SELECT 1"))],
      [
        "a Bind announcing more parameters than it carries",
        frame(
          "B",
          Buffer.concat([cstring(""), cstring(""), Buffer.from([0, 0, 0, 3, 0, 0, 0, 1, 0x31])]),
        ),
      ],
      ["a length of two gigabytes", Buffer.from([0x51, 0x7f, 0xff, 0xff, 0xff])],
    ];
    const violations = () => events.filter((e) => e.kind === "protocol_violation").length;
    const before = violations();
    for (const [what, bytes] of malformed) {
      await withBystanders(async () => {
        const r = raw();
        const from = await r.started();
        r.send(bytes);
        await r.until(r.closed);
        expect(r.closed(), what).toBe(true);
        const answer = r.received().subarray(from).toString("utf8");
        expect(answer, what).toContain("08P01");
      });
    }
    expect(violations() - before).toBe(malformed.length);
    // A start-up packet that is not one is refused the same way.
    const r = raw();
    r.send(Buffer.from([0, 0, 0, 8, 0, 9, 0, 0]));
    await r.until(r.closed);
    expect(r.received().toString("utf8")).toContain("unsupported frontend protocol");
  });

  it("rolls back the work of a client that disconnects mid-batch, and serves the others", async () => {
    await withBystanders(async () => {
      const r = raw();
      await r.started();
      r.send(query("BEGIN"));
      r.send(query("INSERT INTO port_probe VALUES (-1, 'vanished')"));
      await r.until(() => r.types().split("Z").length - 1 >= 3);
      // Half an extended-protocol batch, then gone.
      r.send(Buffer.concat([parse("INSERT INTO port_probe VALUES (-2, 'half')"), bind("")]));
      r.socket.destroy();
    });
    expect((await host.pool.query("SELECT id FROM port_probe WHERE id < 0")).rows).toEqual([]);
  });

  it("gives each connection its own prepared statements, as PostgreSQL does", async () => {
    const a = await client("prepared-a");
    const b = await client("prepared-b");
    const [ra, rb] = await Promise.all([
      a.query({ name: "same-name", text: "SELECT 'a'::text AS who, $1::int AS n", values: [1] }),
      b.query({
        name: "same-name",
        text: "SELECT 'b'::text AS who, $1::int + 100 AS n",
        values: [1],
      }),
    ]);
    expect(ra.rows).toEqual([{ who: "a", n: 1 }]);
    expect(rb.rows).toEqual([{ who: "b", n: 101 }]);
    // Executed again by name: each gets its own statement back.
    expect(
      (
        await b.query({
          name: "same-name",
          text: "SELECT 'b'::text AS who, $1::int + 100 AS n",
          values: [2],
        })
      ).rows,
    ).toEqual([{ who: "b", n: 102 }]);
    expect(
      (
        await a.query({
          name: "same-name",
          text: "SELECT 'a'::text AS who, $1::int AS n",
          values: [2],
        })
      ).rows,
    ).toEqual([{ who: "a", n: 2 }]);
    await a.end();
    await b.end();
    // Closed when their connection went.
    await new Promise((r) => setTimeout(r, 100));
    expect(
      (
        await host.pool.query(
          "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE '%same-name'",
        )
      ).rows[0].n,
    ).toBe(0);
  });

  it("ends a transaction left idle while others wait, naming the connection's process and last statement", async () => {
    const idle = await client("forgetful-worker 4242");
    const other = await client("patient");
    await idle.query("BEGIN");
    await idle.query("INSERT INTO port_probe VALUES (7, 'never committed')");
    const started = Date.now();
    // The other waits for the session; after IDLE_MS the idle transaction is rolled back for it.
    expect(
      (await other.query("SELECT count(*)::int AS n FROM port_probe WHERE id = 7")).rows[0].n,
    ).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 50);
    const error = await idle.query("COMMIT").catch((e: Error & { code?: string }) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error & { code?: string }).code).toBe("25P03");
    expect((error as Error).message).toContain("forgetful-worker 4242");
    expect((error as Error).message).toContain(
      "INSERT INTO port_probe VALUES (7, 'never committed')",
    );
    // Until it rolls back, its statements fail; then it is an ordinary connection again.
    await expect(idle.query("SELECT 1")).rejects.toThrow("ended this connection's transaction");
    await idle.query("ROLLBACK");
    expect((await idle.query("SELECT 3 AS three")).rows).toEqual([{ three: 3 }]);
    expect(events.find((e) => e.kind === "transaction_ended")).toMatchObject({
      connection: expect.stringContaining("forgetful-worker 4242"),
      waiting: 1,
    });
    await idle.end();
    await other.end();
  });

  it("serves psql (GSS and SSL negotiation, its own start-up parameters) beside the app's connections", async () => {
    const psql = spawnSync("sh", ["-c", "command -v psql"], { encoding: "utf8" });
    if (psql.status !== 0) {
      if (process.env.CI)
        throw new Error("psql is not installed (apt-get install postgresql-client)");
      console.warn("psql is not installed: skipped");
      return;
    }
    await withBystanders(async () => {
      // Not spawnSync: this process hosts the port, and must go on serving while psql runs.
      const run = await execFileAsync(
        psql.stdout.trim(),
        [
          "-h",
          "127.0.0.1",
          "-p",
          String(port),
          "-U",
          "postgres",
          "-d",
          "postgres",
          "-Atc",
          "SELECT 'psql ' || 6 * 7",
        ],
        {
          encoding: "utf8",
          env: {
            ...process.env,
            PGCONNECT_TIMEOUT: "5",
            PGPASSWORD: password(),
            PGSSLMODE: "prefer",
            PGGSSENCMODE: "prefer",
          },
          timeout: 20_000,
        },
      );
      expect(run.stderr).toBe("");
      expect(run.stdout.trim()).toBe("psql 42");
    });
  });

  it("sends Sync-less Flush batches to the same connection until its Sync (a cursor reading in pages)", async () => {
    const r = raw();
    const from = await r.started();
    // Parse + Bind + Execute 1 row + Flush; then Execute the rest + Sync.
    r.send(
      Buffer.concat([
        parse("SELECT generate_series(1, 3) AS n"),
        bind("pages"),
        frame("E", Buffer.concat([cstring("pages"), Buffer.from([0, 0, 0, 1])])),
        frame("H"),
      ]),
    );
    await r.until(() => r.types(from).includes("s"));
    const other = host.pool.query("SELECT 'other' AS who");
    r.send(
      Buffer.concat([
        frame("E", Buffer.concat([cstring("pages"), Buffer.from([0, 0, 0, 0])])),
        sync(),
      ]),
    );
    await r.until(() => r.types(from).endsWith("Z"));
    expect(r.types(from)).toBe("12DsDDCZ");
    expect((await other).rows).toEqual([{ who: "other" }]);
    r.socket.destroy();
  });
});
