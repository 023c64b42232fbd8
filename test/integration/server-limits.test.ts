import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  createLimitedServer,
  DEFAULT_SERVER_LIMITS,
  serverLimitsFrom,
  type ServerLimits,
} from "#app/server/server-limits.ts";

/**
 * The production web server's bounds (app/server/server-limits.ts, what server.ts listens with) over
 * real sockets: a client that sends its headers or its body too slowly is answered 408 and
 * disconnected, and connections past the cap are closed as they arrive. The limits are shortened
 * here; the server and the checks are the same.
 */
const open: { close(): void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) o.close();
});

async function serve(limits: Partial<ServerLimits>) {
  const server = createLimitedServer(
    (req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    },
    { ...DEFAULT_SERVER_LIMITS, ...limits },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open.push({ close: () => (server.closeAllConnections(), server.close()) });
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
  /** Waits until the server holds `n` connections (no timing guess: it asks the server). */
  const holding = async (n: number) => {
    while ((await connections()) !== n) await new Promise((r) => setImmediate(r));
  };
  return { port: (server.address() as AddressInfo).port, holding };
}

/** A raw connection that sends `text` and reports what the server sent back until it closed. */
function send(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let received = "";
    socket.on("data", (d) => (received += d.toString()));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
    open.push({ close: () => socket.destroy() });
  });
}

describe("bounds on slow and numerous clients", () => {
  it("headers that do not arrive in time are answered 408 and the connection closed", async () => {
    const { port } = await serve({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const answer = await send(port, "POST /webhooks/orders/create HTTP/1.1\r\nHost: x\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("a body that does not arrive in time is answered 408 and the connection closed", async () => {
    const { port } = await serve({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const answer = await send(
      port,
      "POST /carrier-service HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("a prompt client is answered as usual", async () => {
    const { port } = await serve({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const answer = await send(
      port,
      "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
  });

  it("connections past the cap are closed as they arrive; the next is served once one leaves", async () => {
    const { port, holding } = await serve({ maxConnections: 2 });
    const held = [net.connect(port, "127.0.0.1"), net.connect(port, "127.0.0.1")];
    for (const s of held) open.push({ close: () => s.destroy() });
    await holding(2);
    expect(await send(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")).toBe("");
    held[0]!.destroy();
    await holding(1);
    expect(await send(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 200/,
    );
  });

  it("reads its limits from WEB_* variables and refuses nonsense by name", () => {
    expect(serverLimitsFrom({})).toEqual(DEFAULT_SERVER_LIMITS);
    expect(
      serverLimitsFrom({
        WEB_HEADERS_TIMEOUT_MS: "5000",
        WEB_REQUEST_TIMEOUT_MS: "20000",
        WEB_MAX_CONNECTIONS: "500",
      }),
    ).toMatchObject({ headersTimeoutMs: 5000, requestTimeoutMs: 20000, maxConnections: 500 });
    expect(() => serverLimitsFrom({ WEB_MAX_CONNECTIONS: "lots" })).toThrow(/WEB_MAX_CONNECTIONS/);
    expect(() =>
      serverLimitsFrom({ WEB_HEADERS_TIMEOUT_MS: "9000", WEB_REQUEST_TIMEOUT_MS: "1000" }),
    ).toThrow(/not be more than WEB_REQUEST_TIMEOUT_MS/);
  });
});
