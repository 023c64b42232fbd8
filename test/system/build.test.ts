import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

/**
 * The production build must succeed: it catches what typecheck cannot, such as server-only
 * modules reaching the browser bundle. The run's build (test/setup/system-build.ts, made once for
 * every system test in a folder of its own, never over build/) fails the layer with its output
 * when it does not; here, what it must hold.
 */
describe("production build", () => {
  const build = path.join(inject("systemBuild"), "build");

  it("holds the client and server bundles", () => {
    expect(fs.existsSync(path.join(build, "server", "index.js"))).toBe(true);
    expect(
      fs.readdirSync(path.join(build, "client", "assets")).some((f) => f.endsWith(".js")),
    ).toBe(true);
  });

  it("holds the compiled web server, worker and migration script", () => {
    const compiled = fs.readdirSync(path.join(build, "node"));
    for (const entry of ["server.js", "worker.js", "migrate.js"]) expect(compiled).toContain(entry);
  });
});
