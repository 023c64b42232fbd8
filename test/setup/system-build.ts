import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildProduction } from "../../scripts/processes.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The production build every system test serves, made once per run: the web app in
     * `<dir>/build`, the compiled Node entries in `<dir>/build/node` (the image's layout).
     */
    systemBuild: string;
  }
}

/**
 * Before the system layer: the production build, made once for every test that needs it (the
 * browser test, the smoke test, the demo, the build's own checks), inside the project so the
 * server bundle resolves its packages from node_modules. A build that fails fails the layer with
 * its output. Removed after the run.
 */
export default async function setup(project: TestProject) {
  const dir = path.resolve(`.cache/test-build-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  await buildProduction(dir, { ...process.env, NODE_ENV: "production" });
  project.provide("systemBuild", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
