import fs from "node:fs";
import { afterAll, vi } from "vitest";

// Before any module reads the environment: no DATABASE_URL, so the app opens embedded PGlite in a
// folder of this file's own; this process hosts it and the worker process shares it over the port.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/pb-procs-pglite-${process.pid}`;
  process.env.DATABASE_URL = "";
  process.env.PGLITE_DATA_DIR = dir;
  process.env.PGLITE_PORT = String(40_000 + (process.pid % 10_000));
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
