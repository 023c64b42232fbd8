import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ScramExchange, scramVerifier } from "./scram";

/** node-postgres's own client side of SCRAM-SHA-256 (lib/crypto/sasl.js): the other end we meet. */
const sasl = createRequire(import.meta.url)("pg/lib/crypto/sasl.js") as {
  startSession(mechanisms: string[], stream?: object): { response: string };
  continueSession(
    session: object,
    password: string,
    serverData: string,
    stream?: object,
  ): Promise<void>;
  finalizeSession(session: object, serverData: string): void;
};

async function exchange(serverPassword: string, clientPassword: string, stream?: object) {
  const server = new ScramExchange(scramVerifier(serverPassword));
  const session = sasl.startSession(["SCRAM-SHA-256"], stream) as { response: string };
  const first = server.answerFirst(session.response);
  if (first === null) return { first };
  await sasl.continueSession(session, clientPassword, first, stream);
  const final = server.answerFinal(session.response);
  if (final !== null) sasl.finalizeSession(session, final);
  return { first, final };
}

describe("SCRAM-SHA-256, the embedded database's side, against node-postgres's client", () => {
  it("takes the right password, and node-postgres takes the server's proof", async () => {
    const { final } = await exchange("s3cret-passw0rd", "s3cret-passw0rd");
    expect(final).toMatch(/^v=[A-Za-z0-9+/]+=*$/);
    // A client that could bind a channel ("y,,": it ran over a socket) is taken too.
    expect((await exchange("s3cret-passw0rd", "s3cret-passw0rd", {})).final).toMatch(/^v=/);
  });

  it("refuses a wrong password, and never sees the password itself", async () => {
    const { final } = await exchange("s3cret-passw0rd", "guessed");
    expect(final).toBeNull();
  });

  it("refuses channel binding it cannot offer, a changed nonce and a changed binding", async () => {
    const verifier = scramVerifier("pw");
    expect(new ScramExchange(verifier).answerFirst("p=tls-server-end-point,,n=*,r=abc")).toBeNull();
    const server = new ScramExchange(verifier);
    const first = server.answerFirst("n,,n=*,r=clientnonce")!;
    const nonce = /r=([^,]+)/.exec(first)![1]!;
    expect(server.answerFinal(`c=biws,r=${nonce}x,p=AAAA`)).toBeNull();
    expect(server.answerFinal(`c=eSws,r=${nonce},p=AAAA`)).toBeNull();
  });
});
