/**
 * `npm run schema:admin`: takes Shopify's Admin GraphQL schema (introspection JSON, gzipped) of
 * the app's API version out of the npm package @shopify/dev-mcp, without installing the package
 * (it would pull React Router 7, Hydrogen and React 19): `npm pack` downloads its tarball, and
 * only `dist/data/admin_<version>.json.gz` is taken from it, into app/admin-api/schema/, where
 * the codegen and the tests read it (app/admin-api/admin-schema.ts; nothing is downloaded by the tests).
 *
 * `--check`: says whether the committed file is the package's, byte for byte, and changes nothing.
 * DEV_MCP_VERSION and ADMIN_API_VERSION choose another package version or API version.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PACKAGE_VERSION = process.env.DEV_MCP_VERSION ?? "1.16.0";
const API_VERSION = process.env.ADMIN_API_VERSION ?? "2026-10";
const FILE = `admin_${API_VERSION}.json.gz`;
const TARGET = path.resolve("app/admin-api/schema", FILE);
const check = process.argv.includes("--check");

const sha256 = (buffer: Buffer) => crypto.createHash("sha256").update(buffer).digest("hex");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "dev-mcp-"));
try {
  const tarball = execFileSync(
    "npm",
    ["pack", `@shopify/dev-mcp@${PACKAGE_VERSION}`, "--pack-destination", work, "--silent"],
    { encoding: "utf8" },
  )
    .trim()
    .split("\n")
    .pop()!;
  const inside = `package/dist/data/${FILE}`;
  try {
    execFileSync("tar", ["-xzf", path.join(work, tarball), "-C", work, inside]);
  } catch {
    console.error(
      `@shopify/dev-mcp@${PACKAGE_VERSION} has no ${inside}: choose another DEV_MCP_VERSION or ADMIN_API_VERSION.`,
    );
    process.exit(1);
  }
  const fresh = fs.readFileSync(path.join(work, inside));
  const current = fs.existsSync(TARGET) ? fs.readFileSync(TARGET) : null;
  const same = current !== null && current.equals(fresh);
  console.log(
    `@shopify/dev-mcp@${PACKAGE_VERSION} ${inside}: ${fresh.length} bytes, sha256 ${sha256(fresh)}`,
  );
  console.log(
    `${path.relative(process.cwd(), TARGET)}: ${current ? `${current.length} bytes, sha256 ${sha256(current)}` : "absent"}${same ? " (the same)" : ""}`,
  );
  if (check) process.exit(same ? 0 : 1);
  if (!same) {
    fs.writeFileSync(TARGET, fresh);
    console.log(
      `Written. Run npm test: every Admin GraphQL document and its variables are validated against it.`,
    );
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
