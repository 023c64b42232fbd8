import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The production build must succeed: it catches what typecheck cannot, such as server-only
 * modules reaching the browser bundle. Built into a temporary folder, never over build/.
 */
describe("production build", () => {
  it("builds the client and server bundles", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "pb-build-"));
    try {
      const result = spawnSync(
        process.execPath,
        ["node_modules/@remix-run/dev/dist/cli.js", "vite:build"],
        {
          cwd: process.cwd(),
          env: { ...process.env, NODE_ENV: "production", BUILD_DIR: out },
          encoding: "utf8",
          timeout: 180_000,
        },
      );
      expect(result.status, `${result.stdout}\n${result.stderr}`.slice(-3000)).toBe(0);
      expect(fs.existsSync(path.join(out, "server", "index.js"))).toBe(true);
      expect(
        fs.readdirSync(path.join(out, "client", "assets")).some((f) => f.endsWith(".js")),
      ).toBe(true);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 200_000);
});
