import pg from "pg";

/**
 * The embedded database's client: it authenticates by SCRAM-SHA-256 only. A server that asks for
 * the password in clear or hashed with MD5 is not the embedded host (which asks for SCRAM: see
 * pglite-server.server.ts) but something that took its port first: the connection is dropped
 * before anything is sent, so the password never leaves the process. pg's SCRAM also checks the
 * server's own proof before the client sends a query.
 */
export class ScramOnlyClient extends pg.Client {
  _handleAuthCleartextPassword(): void {
    this.refuseServer("in clear");
  }

  _handleAuthMD5Password(): void {
    this.refuseServer("hashed with MD5");
  }

  private refuseServer(how: string): void {
    const connection = (this as unknown as { connection: { stream: { destroy(): void } } })
      .connection;
    connection.stream.destroy();
    (this as unknown as { _handleErrorEvent(error: Error): void })._handleErrorEvent(
      new Error(
        `The server on the embedded database's port asked for the password ${how}: it is not the embedded database's host (which asks for SCRAM). Nothing was sent; stop the process that holds PGLITE_PORT.`,
      ),
    );
  }
}
