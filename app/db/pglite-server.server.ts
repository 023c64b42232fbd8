import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Serves one PGlite database to several processes over the PostgreSQL wire protocol, on loopback.
 *
 * PGlite runs a single backend session, so connections must never interleave inside a unit of
 * work. The unit is a protocol batch: everything a client sends up to and including Sync (extended
 * protocol: Parse, Bind, Describe, Execute, Sync) or a simple Query. Batches run one at a time,
 * whole; and while the session is inside a transaction, only the connection that opened it is
 * served, until it commits or rolls back (or disconnects, which rolls back).
 *
 * (pglite-socket 0.2.17 queues message by message: under concurrent clients a Bind can reach
 * another connection's Parse, and answers go to the wrong connection. Seen here with web and
 * worker sharing the demo database; hence this server.)
 */
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const GSS_REQUEST = 80877104;
const PROTOCOL_3 = 196608;

interface Batch {
  conn: Connection;
  messages: Buffer[];
}

class Connection {
  buffer = Buffer.alloc(0);
  pending: Buffer[] = [];
  started = false;
  closed = false;
  constructor(
    readonly id: number,
    readonly socket: net.Socket,
  ) {}
}

export class PgliteServer {
  private readonly server: net.Server;
  private readonly queue: Batch[] = [];
  private owner: Connection | null = null;
  private running = false;
  private nextId = 1;
  private readonly connections = new Set<Connection>();

  constructor(private readonly db: PGlite) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(port: number, host = "127.0.0.1"): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, host, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    for (const conn of this.connections) conn.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    // Let a batch in flight finish before the caller closes PGlite.
    while (this.running) await new Promise((r) => setTimeout(r, 5));
  }

  private accept(socket: net.Socket) {
    socket.setNoDelay(true);
    const conn = new Connection(this.nextId++, socket);
    this.connections.add(conn);
    socket.on("data", (chunk) => {
      conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk;
      this.parse(conn);
    });
    const gone = () => {
      if (conn.closed) return;
      conn.closed = true;
      this.connections.delete(conn);
      for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]!.conn === conn) this.queue.splice(i, 1);
      if (this.owner === conn) {
        // The client vanished inside a transaction: undo it so the others can go on.
        this.queue.unshift({ conn, messages: [simpleQuery("ROLLBACK")] });
        this.schedule();
      }
    };
    socket.on("close", gone);
    socket.on("error", gone);
  }

  private parse(conn: Connection) {
    for (;;) {
      const buf = conn.buffer;
      if (!conn.started) {
        if (buf.length < 8) return;
        const length = buf.readInt32BE(0);
        const code = buf.readInt32BE(4);
        if (buf.length < length) return;
        conn.buffer = buf.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          conn.socket.write("N");
          continue;
        }
        if (code === CANCEL_REQUEST) {
          conn.socket.end();
          return;
        }
        if (code !== PROTOCOL_3) {
          conn.socket.destroy();
          return;
        }
        conn.started = true;
        this.enqueue({ conn, messages: [buf.subarray(0, length)] });
        continue;
      }
      if (buf.length < 5) return;
      const length = 1 + buf.readInt32BE(1);
      if (buf.length < length) return;
      const message = buf.subarray(0, length);
      conn.buffer = buf.subarray(length);
      const type = String.fromCharCode(message[0]!);
      if (type === "X") {
        conn.socket.end();
        return;
      }
      conn.pending.push(message);
      // Sync ends an extended-protocol batch; Query is a batch by itself; Flush asks for output now.
      if (type === "S" || type === "Q" || type === "H") {
        this.enqueue({ conn, messages: conn.pending });
        conn.pending = [];
      }
    }
  }

  private enqueue(batch: Batch) {
    this.queue.push(batch);
    this.schedule();
  }

  private schedule() {
    if (this.running) return;
    const index = this.owner ? this.queue.findIndex((b) => b.conn === this.owner) : 0;
    if (index < 0 || this.queue.length === 0) return;
    const [batch] = this.queue.splice(index, 1);
    this.running = true;
    void this.run(batch!).finally(() => {
      this.running = false;
      this.schedule();
    });
  }

  private async run(batch: Batch) {
    const out: Uint8Array[] = [];
    try {
      await this.db.runExclusive(async () => {
        for (const message of batch.messages) out.push(await this.db.execProtocolRaw(new Uint8Array(message)));
      });
    } catch (error) {
      batch.conn.socket.destroy(error as Error);
    }
    this.owner = this.db.isInTransaction() && !batch.conn.closed ? batch.conn : null;
    if (this.owner === null && this.db.isInTransaction()) {
      // Its owner is gone: never leave the shared session stuck in a transaction.
      await this.db.exec("ROLLBACK").catch(() => undefined);
    }
    if (!batch.conn.closed && out.length > 0) batch.conn.socket.write(Buffer.concat(out.map((o) => Buffer.from(o.buffer, o.byteOffset, o.byteLength))));
  }
}

function simpleQuery(sql: string): Buffer {
  const body = Buffer.from(`${sql}\0`, "utf8");
  const message = Buffer.alloc(5 + body.length);
  message.write("Q", 0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}
