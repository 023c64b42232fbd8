import fs from "node:fs";
import { afterAll, vi } from "vitest";

// Before any module reads the environment: no DATABASE_URL, so the app opens embedded PGlite in a
// folder of this file's own; this process hosts it and the worker process shares it over the port.
const dataDir = await vi.hoisted(async () => {
  const { freePort } = await import("../../scripts/processes.ts");
  const dir = `${process.env.TMPDIR ?? "/tmp"}/pb-procs-pglite-${process.pid}`;
  process.env.DATABASE_URL = "";
  process.env.PGLITE_DATA_DIR = dir;
  // A port the system had free (one derived from the pid could be one another test holds).
  process.env.PGLITE_PORT = String(await freePort());
  return dir;
});

import { database } from "#app/db/index.server.ts";
import { describeProcessPipeline } from "../helpers/process-pipeline.ts";

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.lock`, { force: true });
});

if (database.kind !== "pglite" || !database.hostsEmbedded)
  throw new Error("this file must host the embedded PGlite database");
describeProcessPipeline("PGlite shared across processes");
