import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_VARIABLES } from "#sandbox/behaviour.ts";
import { envSchema } from "./env.server";

/**
 * docs/configuration.md's table is the list of every environment variable: each one the app's
 * schema parses (app/platform/env.server.ts) or the sandbox reads (its behaviours), and nothing else.
 */
const doc = fs.readFileSync(
  path.join(import.meta.dirname, "..", "..", "docs", "configuration.md"),
  "utf8",
);
/** The variables named in the table's first column. */
const documented = doc
  .split("\n")
  .filter((line) => line.startsWith("| `"))
  .flatMap((row) => [...row.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));

describe("docs/configuration.md", () => {
  it("lists every variable the app and the sandbox read, and no other", () => {
    const read = [...Object.keys(envSchema.shape), ...BEHAVIOUR_VARIABLES].sort();
    expect([...new Set(documented)].sort()).toEqual(read);
  });
});
