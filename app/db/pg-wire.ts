/**
 * The few pieces of PostgreSQL's wire protocol (version 3) that the embedded database's server
 * (pglite-server.server.ts) must read and write itself: the start-up packet, the frontend messages
 * a client may send (checked before PGlite sees them: a malformed message given to PGlite aborts
 * the whole Node process that hosts it), statement and portal names (renamed per connection), and
 * the backend messages it answers on PGlite's behalf.
 *
 * Reference: PostgreSQL's documentation, "Frontend/Backend Protocol", "Message Formats".
 */

export const PROTOCOL_3 = 196608;
export const SSL_REQUEST = 80877103;
export const GSS_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;

/** Larger messages are refused (PostgreSQL's own limit for most values is 1 GB; nothing here needs more than a few MB). */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
/** A start-up packet is a few parameters; PostgreSQL refuses those over 10,000 bytes. */
export const MAX_STARTUP_BYTES = 10_000;

export class ProtocolViolation extends Error {}

/** The first packet of a connection: a start-up message, or one of the special requests. */
export type FirstPacket =
  | { kind: "startup"; parameters: Map<string, string> }
  | { kind: "ssl" }
  | { kind: "gss" }
  | { kind: "cancel"; processId: number; secretKey: number };

/**
 * Reads the first packet (no type byte: length, then a code) from the front of `buffer`. Returns
 * null while it is incomplete; throws ProtocolViolation when it cannot be one.
 */
export function readFirstPacket(buffer: Buffer): { packet: FirstPacket; size: number } | null {
  if (buffer.length < 4) return null;
  const size = buffer.readInt32BE(0);
  if (size < 8 || size > MAX_STARTUP_BYTES)
    throw new ProtocolViolation(`invalid length of start-up packet: ${size}`);
  if (buffer.length < size) return null;
  const code = buffer.readInt32BE(4);
  if (code === SSL_REQUEST && size === 8) return { packet: { kind: "ssl" }, size };
  if (code === GSS_REQUEST && size === 8) return { packet: { kind: "gss" }, size };
  if (code === CANCEL_REQUEST && size === 16)
    return {
      packet: {
        kind: "cancel",
        processId: buffer.readInt32BE(8),
        secretKey: buffer.readInt32BE(12),
      },
      size,
    };
  if (code !== PROTOCOL_3)
    throw new ProtocolViolation(
      `unsupported frontend protocol ${code >>> 16}.${code & 0xffff}: the server supports 3.0`,
    );
  const parameters = new Map<string, string>();
  const reader = new Reader(buffer.subarray(8, size));
  for (;;) {
    const key = reader.cstring();
    if (key === "") break;
    parameters.set(key, reader.cstring());
  }
  if (!reader.done())
    throw new ProtocolViolation("invalid start-up packet layout: expected terminator as last byte");
  return { packet: { kind: "startup", parameters }, size };
}

/** A frontend message after start-up: its type byte and whole bytes (type and length included). */
export interface FrontendMessage {
  type: string;
  bytes: Buffer;
}

const FRONTEND_TYPES = new Set(["Q", "P", "B", "E", "D", "C", "S", "H", "X"]);

/**
 * Reads one frontend message from the front of `buffer`: null while incomplete; ProtocolViolation
 * for an unknown type, an impossible length, or a body that does not have its type's layout.
 * Function calls, COPY data and password messages are not served (the app uses none).
 */
export function readMessage(buffer: Buffer): { message: FrontendMessage; size: number } | null {
  if (buffer.length < 1) return null;
  const type = String.fromCharCode(buffer[0]!);
  if (!FRONTEND_TYPES.has(type))
    throw new ProtocolViolation(
      `invalid frontend message type ${JSON.stringify(type)} (${buffer[0]})`,
    );
  if (buffer.length < 5) return null;
  const length = buffer.readInt32BE(1);
  if (length < 4 || length > MAX_MESSAGE_BYTES)
    throw new ProtocolViolation(`invalid message length ${length} for message type ${type}`);
  const size = 1 + length;
  if (buffer.length < size) return null;
  const bytes = buffer.subarray(0, size);
  checkLayout(type, bytes.subarray(5));
  return { message: { type, bytes }, size };
}

function checkLayout(type: string, body: Buffer): void {
  const reader = new Reader(body);
  switch (type) {
    case "Q":
      reader.cstring();
      break;
    case "P": {
      reader.cstring();
      reader.cstring();
      const types = reader.int16();
      for (let i = 0; i < types; i++) reader.int32();
      break;
    }
    case "B": {
      reader.cstring();
      reader.cstring();
      const formats = reader.int16();
      for (let i = 0; i < formats; i++) reader.int16();
      const values = reader.int16();
      for (let i = 0; i < values; i++) {
        const length = reader.int32();
        if (length < -1)
          throw new ProtocolViolation(`invalid length ${length} of Bind parameter ${i + 1}`);
        if (length > 0) reader.skip(length);
      }
      const results = reader.int16();
      for (let i = 0; i < results; i++) reader.int16();
      break;
    }
    case "E":
      reader.cstring();
      reader.int32();
      break;
    case "D":
    case "C": {
      const target = String.fromCharCode(reader.byte());
      if (target !== "S" && target !== "P")
        throw new ProtocolViolation(
          `invalid ${type === "D" ? "Describe" : "Close"} target ${JSON.stringify(target)}`,
        );
      reader.cstring();
      break;
    }
    default:
      break;
  }
  if (!reader.done())
    throw new ProtocolViolation(
      `invalid layout of message type ${type}: ${reader.remaining()} bytes left over`,
    );
}

/** A message made a connection's own, with what it says about its statement. */
export interface OwnedMessage {
  message: FrontendMessage;
  /** The SQL text of a Query or Parse. */
  text: string | null;
  /** The statement name (as the client wrote it) a Parse prepares or a Bind binds; "" unnamed. */
  statement: string | null;
}

/**
 * The same message with its statement and portal names made the connection's own, read once:
 * PGlite runs one session for every connection, where a name prepared by one connection would
 * collide with another's ("prepared statement already exists") or be executed by it. The unnamed
 * statement and portal ("") stay as they are: a client sends Parse and Bind of the unnamed
 * statement in one batch, and batches never interleave.
 */
export function ownMessage(
  message: FrontendMessage,
  rename: (name: string) => string,
): OwnedMessage {
  const body = message.bytes.subarray(5);
  const reader = new Reader(body);
  const parts: Buffer[] = [];
  const name = () => {
    const value = reader.cstring();
    parts.push(cstring(value === "" ? "" : rename(value)));
    return value;
  };
  let text: string | null = null;
  let statement: string | null = null;
  switch (message.type) {
    case "Q":
      return { message, text: reader.cstring(), statement: null };
    case "P": {
      statement = name();
      // The text is read, and kept byte for byte with the rest: only the name is renamed.
      const at = reader.offset;
      text = reader.cstring();
      reader.offset = at;
      break;
    }
    case "B":
      name(); // portal
      statement = name();
      break;
    case "E":
      name(); // portal
      break;
    case "D":
    case "C":
      parts.push(body.subarray(0, 1));
      reader.byte();
      name();
      break;
    default:
      return { message, text: null, statement: null };
  }
  parts.push(body.subarray(reader.offset));
  return {
    message: { type: message.type, bytes: frame(message.type, Buffer.concat(parts)) },
    text,
    statement,
  };
}

/** The SQL text a Query or Parse message carries (null for other messages). */
export function statementText(message: FrontendMessage): string | null {
  const reader = new Reader(message.bytes.subarray(5));
  if (message.type === "Q") return reader.cstring();
  if (message.type === "P") {
    reader.cstring();
    return reader.cstring();
  }
  return null;
}

// Backend messages.

export function frame(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const message = Buffer.alloc(5 + body.length);
  message.write(type, 0, "latin1");
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

export const cstring = (value: string) => Buffer.from(`${value}\0`, "utf8");

export const authenticationOk = () => frame("R", Buffer.from([0, 0, 0, 0]));
const authentication = (code: number, data: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(4);
  head.writeInt32BE(code);
  return frame("R", Buffer.concat([head, data]));
};
/** Asks the client to authenticate with SASL, naming the mechanisms the server takes. */
export const authenticationSasl = (mechanisms: string[]) =>
  authentication(10, Buffer.concat([...mechanisms.map(cstring), Buffer.from([0])]));
/** The server's next SASL message. */
export const authenticationSaslContinue = (data: string) =>
  authentication(11, Buffer.from(data, "utf8"));
/** The server's last SASL message (SCRAM: its own proof). */
export const authenticationSaslFinal = (data: string) =>
  authentication(12, Buffer.from(data, "utf8"));

/**
 * Reads a `p` message (what a client answers an authentication request with) from the front of
 * `buffer`: its body, null while incomplete; ProtocolViolation for any other message or length.
 */
function readAuthenticationAnswer(buffer: Buffer): { body: Buffer; size: number } | null {
  if (buffer.length < 1) return null;
  if (buffer[0] !== 0x70)
    throw new ProtocolViolation(
      `expected an authentication answer, got message type ${JSON.stringify(String.fromCharCode(buffer[0]!))}`,
    );
  if (buffer.length < 5) return null;
  const length = buffer.readInt32BE(1);
  if (length < 5 || length > 2048)
    throw new ProtocolViolation(`invalid authentication answer length ${length}`);
  if (buffer.length < 1 + length) return null;
  return { body: buffer.subarray(5, 1 + length), size: 1 + length };
}

/** SASLInitialResponse: the mechanism the client chose and its first message. */
export function readSaslInitialResponse(
  buffer: Buffer,
): { mechanism: string; data: string; size: number } | null {
  const answer = readAuthenticationAnswer(buffer);
  if (!answer) return null;
  const { body } = answer;
  const end = body.indexOf(0);
  if (end < 0 || body.length < end + 5)
    throw new ProtocolViolation("invalid SASL initial response layout");
  const dataLength = body.readInt32BE(end + 1);
  if (dataLength !== body.length - end - 5)
    throw new ProtocolViolation("invalid SASL initial response length");
  return {
    mechanism: body.subarray(0, end).toString("utf8"),
    data: body.subarray(end + 5).toString("utf8"),
    size: answer.size,
  };
}

/** SASLResponse: the client's next message. */
export function readSaslResponse(buffer: Buffer): { data: string; size: number } | null {
  const answer = readAuthenticationAnswer(buffer);
  return answer && { data: answer.body.toString("utf8"), size: answer.size };
}

export const parameterStatus = (name: string, value: string) =>
  frame("S", Buffer.concat([cstring(name), cstring(value)]));

export function backendKeyData(processId: number, secretKey: number): Buffer {
  const body = Buffer.alloc(8);
  body.writeInt32BE(processId, 0);
  body.writeInt32BE(secretKey, 4);
  return frame("K", body);
}

/** ReadyForQuery: I idle, T in a transaction, E in a failed transaction. */
export const readyForQuery = (status: "I" | "T" | "E") => frame("Z", Buffer.from(status, "latin1"));

/** ErrorResponse with severity, SQLSTATE code and message. */
export function errorResponse(severity: "ERROR" | "FATAL", code: string, message: string): Buffer {
  return frame(
    "E",
    Buffer.concat([
      Buffer.from("S"),
      cstring(severity),
      Buffer.from("V"),
      cstring(severity),
      Buffer.from("C"),
      cstring(code),
      Buffer.from("M"),
      cstring(message),
      Buffer.from([0]),
    ]),
  );
}

/** A start-up packet (what a client sends first) with these parameters. */
export function startupPacket(parameters: Record<string, string>): Buffer {
  const body = Buffer.concat([
    ...Object.entries(parameters).flatMap(([k, v]) => [cstring(k), cstring(v)]),
    Buffer.from([0]),
  ]);
  const packet = Buffer.alloc(8 + body.length);
  packet.writeInt32BE(packet.length, 0);
  packet.writeInt32BE(PROTOCOL_3, 4);
  body.copy(packet, 8);
  return packet;
}

/** A simple Query message (for the server's own statements). */
export const query = (sql: string) => frame("Q", cstring(sql));

/** Close of a prepared statement, and the Sync after it. */
export const closeStatement = (name: string) =>
  frame("C", Buffer.concat([Buffer.from("S"), cstring(name)]));
export const sync = () => frame("S");

/** Splits backend output into its messages' type bytes and bodies. */
export function* backendMessages(output: Buffer): Generator<{ type: string; body: Buffer }> {
  let offset = 0;
  while (offset + 5 <= output.length) {
    const length = output.readInt32BE(offset + 1);
    yield {
      type: String.fromCharCode(output[offset]!),
      body: output.subarray(offset + 5, offset + 1 + length),
    };
    offset += 1 + length;
  }
}

class Reader {
  offset = 0;
  constructor(private readonly buffer: Buffer) {}
  done = () => this.offset === this.buffer.length;
  remaining = () => this.buffer.length - this.offset;
  private need(bytes: number) {
    if (this.offset + bytes > this.buffer.length)
      throw new ProtocolViolation("message ends before its fields do");
  }
  byte(): number {
    this.need(1);
    return this.buffer[this.offset++]!;
  }
  int16(): number {
    this.need(2);
    const value = this.buffer.readInt16BE(this.offset);
    this.offset += 2;
    if (value < 0) throw new ProtocolViolation(`invalid count ${value}`);
    return value;
  }
  int32(): number {
    this.need(4);
    const value = this.buffer.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  skip(bytes: number) {
    this.need(bytes);
    this.offset += bytes;
  }
  cstring(): string {
    const end = this.buffer.indexOf(0, this.offset);
    if (end < 0) throw new ProtocolViolation("string not terminated");
    const value = this.buffer.toString("utf8", this.offset, end);
    this.offset = end + 1;
    return value;
  }
}
