/**
 * Starting and stopping the project's processes from scripts, the end-to-end test and the
 * benchmarks: free ports, the production build and server, a private redis-server, and stopping
 * a child for sure (SIGTERM, then SIGKILL after a grace period) so none outlives its parent.
 */
import crypto from "node:crypto";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import NODE_ENTRIES from "./node-entries.json" with { type: "json" };

export function portOpen(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/** `count` distinct loopback ports the system had free (all held open at once, then released). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A build to run: the program, its arguments, its environment. */
type BuildCommand = readonly [string, readonly string[], NodeJS.ProcessEnv];

/** The Remix app's build (client and server) into `buildDir`. */
function webBuild(buildDir: string, env: NodeJS.ProcessEnv): BuildCommand {
  return [
    process.execPath,
    ["node_modules/@remix-run/dev/dist/cli.js", "vite:build"],
    { ...env, NODE_ENV: "production", BUILD_DIR: buildDir },
  ];
}

/** The Node half of `npm run build` (scripts/build-node.ts) into `outDir`. */
function nodeBuild(outDir: string, env: NodeJS.ProcessEnv): BuildCommand {
  return [
    process.execPath,
    ["--import", "tsx", "scripts/build-node.ts"],
    { ...env, NODE_BUILD_DIR: outDir },
  ];
}

/** Builds the Remix app (client and server) into `buildDir`; throws with the build's last output. */
export function buildWebApp(buildDir: string, env: NodeJS.ProcessEnv = process.env): void {
  const [program, args, buildEnv] = webBuild(buildDir, env);
  const build = spawnSync(program, args, { env: buildEnv, encoding: "utf8" });
  if (build.status !== 0)
    throw new Error(`The web app's build failed:\n${(build.stderr || build.stdout).slice(-2000)}`);
}

/**
 * Compiles web server, worker and migration script to JavaScript in `outDir` (scripts/build-node.ts,
 * the Node half of `npm run build`); throws with the build's output.
 */
export function buildNodeEntries(outDir: string, env: NodeJS.ProcessEnv = process.env): void {
  const [program, args, buildEnv] = nodeBuild(outDir, env);
  const build = spawnSync(program, args, { env: buildEnv, encoding: "utf8" });
  if (build.status !== 0)
    throw new Error(`The Node build failed:\n${(build.stderr || build.stdout).slice(-2000)}`);
}

/**
 * The whole production build, as the image holds it, without blocking the caller's event loop
 * (the test runner's system layer builds once while other tests run): the web app into
 * `<dir>/build`, the compiled Node entries into `<dir>/build/node`. Rejects with the failing
 * build's last output.
 */
export async function buildProduction(dir: string, env: NodeJS.ProcessEnv = process.env) {
  const run = (what: string, [program, args, buildEnv]: BuildCommand) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(program, args, { env: buildEnv, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      const keep = (d: Buffer) => (output = (output + d.toString()).slice(-2000));
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`${what} failed:\n${output}`)),
      );
    });
  await run("The web app's build", webBuild(path.join(dir, "build"), env));
  await run("The Node build", nodeBuild(path.join(dir, "build", "node"), env));
}

export interface StartOptions {
  env: NodeJS.ProcessEnv;
  /**
   * Run the compiled JavaScript in this folder (buildNodeEntries: `<dir>/server.js`,
   * `<dir>/worker.js`) with plain node, as production does, instead of the TypeScript through tsx.
   */
  compiled?: string;
  /** Appends the child's stdout and stderr to this file; otherwise they are kept in memory (tail). */
  logFile?: string;
  /** Extra Node options (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

export interface Child {
  process: ChildProcess;
  /** The last 20 kB of its output (from its log file, when it logs to one). */
  output(): string;
}

/**
 * The worker's V8 flags, as `npm run worker` (package.json) gives them: a young generation of 4 MB
 * semi-spaces instead of V8's default of up to 32 MB (each job's garbage is short-lived and small;
 * the peak RSS of a worker at concurrency 10 fell from 256 to 169 MB, bench/README.md).
 */
export const WORKER_NODE_FLAGS = ["--max-semi-space-size=4"];

/**
 * The web server's V8 flags, as `npm start` (package.json) and the image (Dockerfile,
 * compose.yaml) give them: a young generation of 8 MB semi-spaces. With V8's default (64 MB of
 * new space here), 300 deliveries a second made a scavenge every 1.4 s that promoted about 9 MB
 * and paused the server for 30 to 60 ms, and every delivery arriving meanwhile waited; with 8 MB
 * the pauses were at most 10 to 18 ms, and with 4 MB a few milliseconds more often
 * (bench/README.md, "While a sale is booked").
 */
export const WEB_NODE_FLAGS = ["--max-semi-space-size=8"];

/** What a TypeScript entry point is called in the compiled build (scripts/build-node.ts). */
const COMPILED_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(NODE_ENTRIES).map(([name, source]) => [source, `${name}.js`]),
);

/**
 * Starts `node --import tsx <script>` (TypeScript entry points: server.ts, worker/index.ts…), or
 * with `compiled`, `node --enable-source-maps <compiled>/<name>.js`.
 */
export function startNode(script: string, options: StartOptions): Child {
  let output = "";
  // With a log file, output() reads what this process appends to it.
  const from =
    options.logFile && fs.existsSync(options.logFile) ? fs.statSync(options.logFile).size : 0;
  const log = options.logFile ? fs.openSync(options.logFile, "a") : null;
  const run = options.compiled
    ? ["--enable-source-maps", path.join(options.compiled, COMPILED_NAMES[script] ?? script)]
    : ["--import", "tsx", script];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...run], {
    env: options.env,
    stdio: ["ignore", log ?? "pipe", log ?? "pipe"],
  });
  if (log !== null) fs.closeSync(log);
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const logged = (file: string) => fs.readFileSync(file, "utf8").slice(from).slice(-20_000);
  return { process: child, output: () => (options.logFile ? logged(options.logFile) : output) };
}

/** The production web server (server.ts) on a build, answering once `/auth/login` does. */
export async function startWeb(
  buildDir: string,
  port: number,
  options: StartOptions,
): Promise<Child> {
  const child = startNode("server.ts", {
    ...options,
    nodeArgs: [...WEB_NODE_FLAGS, ...(options.nodeArgs ?? [])],
    env: {
      ...options.env,
      NODE_ENV: "production",
      // Production serves /metrics only with its token (a fresh one when the caller names none).
      METRICS_TOKEN: options.env.METRICS_TOKEN || crypto.randomBytes(24).toString("hex"),
      PORT: String(port),
      REMIX_BUILD: path.join(buildDir, "server", "index.js"),
    },
  });
  await killedUnlessReady(child, () =>
    waitUntil(
      "the web server",
      async () => {
        if (child.process.exitCode !== null)
          throw new Error(
            `The web server exited (${child.process.exitCode}):\n${child.output().slice(-3000)}`,
          );
        const res = await fetch(`http://127.0.0.1:${port}/auth/login`, {
          headers: { "user-agent": "Mozilla/5.0 Chrome/156" },
        }).catch(() => null);
        return res?.status === 200;
      },
      90_000,
    ),
  );
  return child;
}

/**
 * The worker process (worker/index.ts), once it says `worker ready`; what it printed before
 * exiting when it does not get there.
 */
export async function startWorker(options: StartOptions, timeoutMs = 60_000): Promise<Child> {
  const child = startNode("worker/index.ts", {
    ...options,
    nodeArgs: [...WORKER_NODE_FLAGS, ...(options.nodeArgs ?? [])],
  });
  await killedUnlessReady(child, () =>
    waitUntil(
      "the worker",
      async () => {
        if (child.process.exitCode !== null)
          throw new Error(
            `The worker exited (${child.process.exitCode}):\n${child.output().slice(-3000)}`,
          );
        return child.output().includes('"worker ready"');
      },
      timeoutMs,
    ),
  );
  return child;
}

/** A process that did not get ready (exited, or out of time) is not left running behind the caller. */
async function killedUnlessReady(child: Child, ready: () => Promise<void>): Promise<void> {
  try {
    await ready();
  } catch (error) {
    child.process.kill("SIGKILL");
    throw error;
  }
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`. Resolves once it has exited. */
export async function stopProcess(
  child: ChildProcess | null | undefined,
  graceMs = 15_000,
): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * A redis-server of our own without persistence (for the demo and the drills), on `port` (a drill
 * restarts one where the app expects it) or a free port.
 */
export async function startPrivateRedis(
  port?: number,
): Promise<{ process: ChildProcess; port: number; url: string }> {
  const which = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  if (which.status !== 0)
    throw new Error("redis-server is not installed (apt-get install redis-server)");
  port ??= await freePort();
  const child = spawn(
    which.stdout.trim(),
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  await waitUntil("a private redis-server", () => portOpen(port));
  return { process: child, port, url: `redis://127.0.0.1:${port}` };
}
