import crypto from "node:crypto";
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import {
  ProtocolViolation,
  authenticationSasl,
  authenticationSaslContinue,
  authenticationSaslFinal,
  authenticationOk,
  backendKeyData,
  backendMessages,
  closeStatement,
  errorResponse,
  parameterStatus,
  query,
  readFirstPacket,
  readMessage,
  readSaslInitialResponse,
  readSaslResponse,
  readyForQuery,
  ownMessage,
  startupPacket,
  statementText,
  sync,
  type FrontendMessage,
} from "./pg-wire";
import { SCRAM_MECHANISM, ScramExchange, scramVerifier, type ScramVerifier } from "./scram";

/**
 * Serves one PGlite database to several processes over PostgreSQL's wire protocol, on loopback.
 *
 * PGlite runs a single backend session, so connections must never interleave inside a unit of
 * work. The unit is a protocol batch: everything a client sends up to and including Sync (extended
 * protocol: Parse, Bind, Describe, Execute, Sync) or a simple Query. Batches run one at a time,
 * whole; while the session is inside a transaction (or a client has flushed half a batch), only
 * the connection holding it is served, until it commits or rolls back (or disconnects, which rolls
 * back). What would otherwise differ from PostgreSQL is handled here:
 * - each connection's prepared statements and portals are its own (renamed per connection, closed
 *   when it disconnects), as they are in PostgreSQL's one-session-per-connection;
 * - a connection that sits idle inside its transaction while others wait (a client waiting for
 *   something that itself waits for the session would wait for ever) has its transaction ended
 *   after `idleInTransactionMs`: it is rolled back, the others go on, and that connection's next
 *   statements fail with an error naming its process and its last statement, until it rolls back;
 * - every message is checked before PGlite sees it (a malformed one given to PGlite aborts the
 *   Node process hosting it): a client that breaks the protocol is told so and dropped alone; SSL
 *   and GSS requests are declined, cancel requests answered, start-up is answered here.
 *
 * (pglite-socket 0.2.17 queues message by message: under concurrent clients a Bind can reach
 * another connection's Parse, and answers go to the wrong connection; hence this server.)
 */

/** What the server tells its host (to log): a transaction it ended, a client it dropped. */
export type PgliteServerEvent =
  | {
      kind: "transaction_ended";
      connection: string;
      lastStatement: string;
      idleMs: number;
      waiting: number;
    }
  | { kind: "protocol_violation"; connection: string; reason: string }
  | { kind: "authentication_failed"; connection: string; user: string };

export interface PgliteServerOptions {
  /** How long a connection may sit idle inside a transaction while others wait (default 5000 ms). */
  idleInTransactionMs?: number;
  onEvent?: (event: PgliteServerEvent) => void;
  /**
   * The password every client must prove it knows, by SCRAM-SHA-256 (never sent: a process that
   * took the port first learns nothing from a client). Unset, none is asked (tests of the
   * protocol alone).
   */
  password?: string;
}

interface Batch {
  conn: Connection;
  messages: FrontendMessage[];
  /** The server's own statements for this connection (roll back, close its statements): output dropped. */
  internal?: boolean;
}

const ROLLBACK_TEXT = /^\s*(rollback|abort)\b/i;
const STATEMENT_CHARS = 300;

class Connection {
  buffer = Buffer.alloc(0);
  pending: FrontendMessage[] = [];
  started = false;
  /** Started, its SCRAM exchange under way (not yet proven). */
  scram: ScramExchange | null = null;
  /** Its SCRAM first message answered: the proof comes next. */
  scramAnswered = false;
  user = "";
  closed = false;
  applicationName = "";
  readonly secretKey = crypto.randomInt(1, 2 ** 31 - 1);
  /** Prepared statement names (as renamed) and their texts, for the last statement and clean-up. */
  readonly statements = new Map<string, string>();
  lastStatement = "";
  /** Why its transaction was ended under it; its statements fail until it rolls back. */
  ended: string | null = null;
  /** An error was answered since its last Sync (answer the Sync with ReadyForQuery only). */
  erroredSinceSync = false;
  idleSince = 0;
  constructor(
    readonly id: number,
    readonly socket: net.Socket,
  ) {}
  get name() {
    return `${this.applicationName || "a client without application_name"} (connection ${this.id})`;
  }
  own = (name: string) => `c${this.id}_${name}`;
}

export class PgliteServer {
  private readonly server: net.Server;
  private readonly queue: Batch[] = [];
  private readonly connections = new Map<number, Connection>();
  /** The connection holding the session (inside a transaction, or between Flush and Sync). */
  private owner: Connection | null = null;
  private running = false;
  private closing = false;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private startupAnswer: { name: string; value: string }[] = [];
  private readonly idleInTransactionMs: number;
  /** What the server keeps of the password (never the password): null when none is asked. */
  private readonly verifier: ScramVerifier | null;

  constructor(
    private readonly db: PGlite,
    private readonly options: PgliteServerOptions = {},
  ) {
    this.idleInTransactionMs = options.idleInTransactionMs ?? 5000;
    this.verifier = options.password === undefined ? null : scramVerifier(options.password);
    this.server = net.createServer((socket) => this.accept(socket));
  }

  async listen(port: number, host = "127.0.0.1"): Promise<void> {
    await this.readParameters();
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, host, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    // Nothing more reaches PGlite (the caller closes it next): not even a departing client's clean-up.
    this.closing = true;
    this.queue.length = 0;
    for (const conn of this.connections.values()) conn.socket.destroy();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    // Let a batch in flight finish before the caller closes PGlite.
    while (this.running) await new Promise((r) => setTimeout(r, 5));
  }

  /** The session's parameters as PGlite reports them at start-up, answered to every client. */
  private async readParameters() {
    const packet = startupPacket({ user: "postgres", database: "postgres" });
    const out = await this.db.runExclusive(() => this.db.execProtocolRaw(new Uint8Array(packet)));
    for (const { type, body } of backendMessages(Buffer.from(out))) {
      if (type !== "S") continue;
      const [name = "", value = ""] = body.toString("utf8").split("\0");
      this.startupAnswer.push({ name, value });
    }
  }

  private accept(socket: net.Socket) {
    socket.setNoDelay(true);
    const conn = new Connection(this.nextId++, socket);
    this.connections.set(conn.id, conn);
    socket.on("data", (chunk) => {
      if (conn.closed) return;
      conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk;
      try {
        this.read(conn);
      } catch (error) {
        if (!(error instanceof ProtocolViolation)) throw error;
        this.options.onEvent?.({
          kind: "protocol_violation",
          connection: conn.name,
          reason: error.message,
        });
        if (!socket.destroyed) socket.end(errorResponse("FATAL", "08P01", error.message));
        this.drop(conn);
      }
    });
    socket.on("close", () => this.drop(conn));
    socket.on("error", () => this.drop(conn));
  }

  /** Forgets a connection: its queued work goes, its transaction is rolled back, its statements closed. */
  /** A client that did not prove it knows the password: told so, and dropped. */
  private refuse(conn: Connection): void {
    this.options.onEvent?.({
      kind: "authentication_failed",
      connection: conn.name,
      user: conn.user,
    });
    conn.socket.end(
      errorResponse("FATAL", "28P01", `password authentication failed for user "${conn.user}"`),
    );
    this.drop(conn);
  }

  private drop(conn: Connection) {
    if (conn.closed) return;
    conn.closed = true;
    // A socket ended with a last message (the FATAL of a protocol violation) closes once it is
    // sent; any other goes now.
    if (!conn.socket.writableEnded) conn.socket.destroy();
    this.connections.delete(conn.id);
    for (let i = this.queue.length - 1; i >= 0; i--)
      if (this.queue[i]!.conn === conn && !this.queue[i]!.internal) this.queue.splice(i, 1);
    // The client vanished inside a transaction or half a batch: undo it so the others can go on.
    if (this.owner === conn)
      this.queue.unshift({ conn, messages: rollbackAnything(), internal: true });
    if (conn.statements.size > 0)
      this.queue.push({
        conn,
        messages: [
          ...[...conn.statements.keys()].map((name) => messageOf(closeStatement(name))),
          messageOf(sync()),
        ],
        internal: true,
      });
    this.schedule();
  }

  private read(conn: Connection) {
    for (;;) {
      if (!conn.started) {
        const first = readFirstPacket(conn.buffer);
        if (!first) return;
        conn.buffer = conn.buffer.subarray(first.size);
        const { packet } = first;
        if (packet.kind === "ssl" || packet.kind === "gss") {
          // Loopback only: no encryption offered; the client goes on in clear or gives up.
          conn.socket.write("N");
          continue;
        }
        if (packet.kind === "cancel") {
          this.cancel(packet.processId, packet.secretKey);
          conn.socket.end();
          this.drop(conn);
          return;
        }
        conn.started = true;
        conn.applicationName = (packet.parameters.get("application_name") ?? "").slice(0, 63);
        conn.user = (packet.parameters.get("user") ?? "").slice(0, 63);
        if (this.verifier) {
          conn.scram = new ScramExchange(this.verifier);
          conn.socket.write(authenticationSasl([SCRAM_MECHANISM]));
        } else conn.socket.write(this.greeting(conn));
        continue;
      }
      if (conn.scram && !conn.scramAnswered) {
        const first = readSaslInitialResponse(conn.buffer);
        if (!first) return;
        conn.buffer = conn.buffer.subarray(first.size);
        const answer =
          first.mechanism === SCRAM_MECHANISM ? conn.scram.answerFirst(first.data) : null;
        if (answer === null) return this.refuse(conn);
        conn.scramAnswered = true;
        conn.socket.write(authenticationSaslContinue(answer));
        continue;
      }
      if (conn.scram) {
        const last = readSaslResponse(conn.buffer);
        if (!last) return;
        conn.buffer = conn.buffer.subarray(last.size);
        const signature = conn.scram.answerFinal(last.data);
        if (signature === null) return this.refuse(conn);
        conn.scram = null;
        conn.socket.write(Buffer.concat([authenticationSaslFinal(signature), this.greeting(conn)]));
        continue;
      }
      const next = readMessage(conn.buffer);
      if (!next) return;
      conn.buffer = conn.buffer.subarray(next.size);
      const { message } = next;
      if (message.type === "X") {
        conn.socket.end();
        this.drop(conn);
        return;
      }
      conn.pending.push(message);
      // Sync ends an extended-protocol batch; Query is a batch by itself; Flush asks for output now.
      if (message.type === "S" || message.type === "Q" || message.type === "H") {
        this.queue.push({ conn, messages: conn.pending });
        conn.pending = [];
        this.schedule();
      }
    }
  }

  private greeting(conn: Connection): Buffer {
    const parameters = this.startupAnswer.map(({ name, value }) =>
      parameterStatus(name, name === "application_name" ? conn.applicationName : value),
    );
    return Buffer.concat([
      authenticationOk(),
      ...parameters,
      backendKeyData(conn.id, conn.secretKey),
      readyForQuery("I"),
    ]);
  }

  /**
   * A cancel request (its own connection, with the target's key): a statement of the target still
   * waiting for the session is cancelled, as PostgreSQL cancels a running one; one PGlite is
   * running already cannot be interrupted, and finishes.
   */
  private cancel(id: number, secretKey: number) {
    const target = this.connections.get(id);
    if (!target || target.secretKey !== secretKey || this.owner === target) return;
    const index = this.queue.findIndex((b) => b.conn === target && !b.internal);
    if (index < 0) return;
    const [batch] = this.queue.splice(index, 1);
    const ends = batch!.messages.at(-1)!.type !== "H";
    target.socket.write(
      Buffer.concat([
        errorResponse("ERROR", "57014", "canceling statement due to user request"),
        ...(ends ? [readyForQuery("I")] : []),
      ]),
    );
  }

  private schedule() {
    if (this.running || this.closing) return;
    const index = this.owner ? this.queue.findIndex((b) => b.conn === this.owner) : 0;
    if (index < 0 || this.queue.length === 0) {
      this.watchIdleOwner();
      return;
    }
    this.stopWatching();
    const [batch] = this.queue.splice(index, 1);
    this.running = true;
    void this.run(batch!).finally(() => {
      this.running = false;
      this.schedule();
    });
  }

  /** The owner is idle in its transaction while others wait: give it `idleInTransactionMs`, then end it. */
  private watchIdleOwner() {
    const owner = this.owner;
    if (!owner || this.queue.length === 0 || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (
        this.owner !== owner ||
        this.running ||
        this.queue.length === 0 ||
        this.queue.some((b) => b.conn === owner)
      )
        return;
      const idleMs = Date.now() - owner.idleSince;
      const waiting = new Set(this.queue.map((b) => b.conn.id)).size;
      const statement = owner.lastStatement || "(none)";
      owner.ended =
        `The embedded database ended this connection's transaction: it was idle in its transaction for ${idleMs} ms while ${waiting} other connection(s) waited for the single session. ` +
        `Connection: ${owner.name}; its last statement: ${statement}. Inside a transaction, query only through it, and do not wait for other connections, HTTP or Redis.`;
      this.options.onEvent?.({
        kind: "transaction_ended",
        connection: owner.name,
        lastStatement: statement,
        idleMs,
        waiting,
      });
      this.queue.unshift({ conn: owner, messages: rollbackAnything(), internal: true });
      this.schedule();
    }, this.idleInTransactionMs);
    this.idleTimer.unref();
  }

  private stopWatching() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async run(batch: Batch) {
    const { conn } = batch;
    if (
      !batch.internal &&
      conn.ended !== null &&
      !batch.messages.some((m) => ROLLBACK_TEXT.test(statementText(m) ?? ""))
    ) {
      this.answerEnded(conn, batch);
      return;
    }
    const messages = batch.internal ? batch.messages : this.own(conn, batch.messages);
    if (!batch.internal) {
      conn.ended = null;
      conn.erroredSinceSync = false;
    }
    const out: Buffer[] = [];
    try {
      await this.db.runExclusive(async () => {
        for (let i = 0; i < messages.length; i++) {
          const answer = await this.db.execProtocolRaw(new Uint8Array(messages[i]!.bytes), {
            syncToFs: i === messages.length - 1,
          });
          out.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength));
        }
      });
    } catch (error) {
      // PGlite refused a message it was given (they are checked first, so this is not expected):
      // only this connection is dropped.
      this.options.onEvent?.({
        kind: "protocol_violation",
        connection: conn.name,
        reason: (error as Error).message,
      });
      this.drop(conn);
    }
    const halfBatch = !batch.internal && batch.messages.at(-1)!.type === "H";
    this.owner =
      !conn.closed && !batch.internal && (this.db.isInTransaction() || halfBatch) ? conn : null;
    if (this.owner === null && this.db.isInTransaction()) {
      // Its owner is gone: never leave the shared session stuck in a transaction.
      await this.db.runExclusive(() => this.db.exec("ROLLBACK")).catch(() => undefined);
    }
    if (this.owner) conn.idleSince = Date.now();
    if (!batch.internal && !conn.closed && out.length > 0) conn.socket.write(Buffer.concat(out));
  }

  /** Statement and portal names made the connection's own; statement texts kept for error messages. */
  private own(conn: Connection, messages: FrontendMessage[]): FrontendMessage[] {
    return messages.map((original) => {
      const { message, text, statement } = ownMessage(original, conn.own);
      if (text !== null)
        conn.lastStatement = text.replace(/\s+/g, " ").trim().slice(0, STATEMENT_CHARS);
      if (statement) {
        const owned = conn.own(statement);
        // A Parse names its text; a Bind runs the text its statement was prepared with.
        if (message.type === "P") conn.statements.set(owned, conn.lastStatement);
        else conn.lastStatement = conn.statements.get(owned) ?? conn.lastStatement;
      }
      return message;
    });
  }

  /** A connection whose transaction was ended: each batch fails with why, until it rolls back. */
  private answerEnded(conn: Connection, batch: Batch) {
    const ends = batch.messages.at(-1)!.type !== "H";
    const parts: Buffer[] = [];
    if (!conn.erroredSinceSync) parts.push(errorResponse("ERROR", "25P03", conn.ended!));
    conn.erroredSinceSync = !ends;
    if (ends) parts.push(readyForQuery("E"));
    if (!conn.closed) conn.socket.write(Buffer.concat(parts));
  }
}

/** Rolls back whatever the session holds: a transaction, or half an extended-protocol batch (docs/embedded-database.md). */
function rollbackAnything(): FrontendMessage[] {
  return [messageOf(query("ROLLBACK")), messageOf(sync()), messageOf(query("ROLLBACK"))];
}

function messageOf(bytes: Buffer): FrontendMessage {
  return { type: String.fromCharCode(bytes[0]!), bytes };
}
