import crypto from "node:crypto";

/**
 * SCRAM-SHA-256 (RFC 5802 and 7677, as PostgreSQL speaks it), the server's side, for the embedded
 * database's wire server (pglite-server.server.ts). Unlike a password asked in clear, a client
 * that authenticates this way never sends the password: it proves it knows it, and the server
 * proves it knows it too (the server's signature, which the client checks before it sends a
 * query). So a process that binds the port before the real host learns nothing it can use, and
 * cannot pass itself off as the database.
 */

export const SCRAM_MECHANISM = "SCRAM-SHA-256";
const ITERATIONS = 4096;

const hmac = (key: Buffer, text: string) => crypto.createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest();

/** What the server keeps of the password: never the password itself. */
export interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

export function scramVerifier(password: string, salt = crypto.randomBytes(16)): ScramVerifier {
  const salted = crypto.pbkdf2Sync(password.normalize("NFKC"), salt, ITERATIONS, 32, "sha256");
  return {
    salt,
    iterations: ITERATIONS,
    storedKey: sha256(hmac(salted, "Client Key")),
    serverKey: hmac(salted, "Server Key"),
  };
}

/** A message's attributes (`r=…,s=…`), each by its one-letter name. */
function attributes(message: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of message.split(",")) {
    const at = part.indexOf("=");
    if (at === 1) found.set(part[0]!, part.slice(2));
  }
  return found;
}

/** One client's exchange: its first message answered, then its proof checked. */
export class ScramExchange {
  private header = "";
  private clientFirstBare = "";
  private serverFirst = "";
  private nonce = "";

  constructor(private readonly verifier: ScramVerifier) {}

  /**
   * The server-first-message for the client-first-message; null when the client's is not one this
   * server takes (channel binding asked for: the port offers no TLS to bind to).
   */
  answerFirst(clientFirst: string): string | null {
    // gs2 header: "n,," (no channel binding) or "y,," (the client could bind, the server cannot).
    const header = /^([ny]),[^,]*,/.exec(clientFirst);
    if (!header) return null;
    this.header = header[0];
    this.clientFirstBare = clientFirst.slice(header[0].length);
    const clientNonce = attributes(this.clientFirstBare).get("r");
    if (!clientNonce || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce)) return null;
    this.nonce = clientNonce + crypto.randomBytes(18).toString("base64");
    this.serverFirst = `r=${this.nonce},s=${this.verifier.salt.toString("base64")},i=${this.verifier.iterations}`;
    return this.serverFirst;
  }

  /** The server-final-message (`v=` its signature) when the client's proof holds; else null. */
  answerFinal(clientFinal: string): string | null {
    const proofAt = clientFinal.lastIndexOf(",p=");
    if (proofAt < 0 || !this.nonce) return null;
    const withoutProof = clientFinal.slice(0, proofAt);
    const fields = attributes(withoutProof);
    if (fields.get("r") !== this.nonce) return null;
    // The channel binding data is the gs2 header again (no binding), as the client sent it first.
    if (fields.get("c") !== Buffer.from(this.header).toString("base64")) return null;
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), "base64");
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    const signature = hmac(this.verifier.storedKey, authMessage);
    if (proof.length !== signature.length) return null;
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]!));
    if (!crypto.timingSafeEqual(sha256(clientKey), this.verifier.storedKey)) return null;
    return `v=${hmac(this.verifier.serverKey, authMessage).toString("base64")}`;
  }
}
