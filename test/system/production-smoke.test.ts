import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import YAML from "yaml";
import { freePort, waitUntil } from "../../scripts/processes.ts";
import { sampleLabel } from "../fixtures/labels.ts";

/**
 * The production image's commands, as compose.yaml gives them (read from it), run with plain node
 * on a build laid out as the Dockerfile lays it out (build/, drizzle/, node_modules/, package.json,
 * scripts/entry.mjs and node-entries.json, nothing else), with NODE_ENV=production and compose's
 * environment (its hosts replaced by this machine's PostgreSQL and Redis): the one-shot migration
 * ends with 0, then the web server and the worker answer /healthz, /readyz and /metrics.
 */
interface ComposeService {
  command: string[];
  environment?: Record<string, string>;
}
const compose = YAML.parse(fs.readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, ComposeService & { configs?: { source: string; target: string }[] }>;
  configs: Record<string, { content: string }>;
};
const dir = path.resolve(`.cache/smoke-${process.pid}`);
/** What compose takes from the operator's environment (a required variable there). */
const METRICS_TOKEN = "smoke-metrics-token-0123456789";
const children: ChildProcess[] = [];
let output = "";

/** Compose's environment for the service, with this machine's database, Redis and secrets. */
function envOf(service: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const declared = compose.services[service]!.environment ?? {};
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: declared.NODE_ENV as NodeJS.ProcessEnv["NODE_ENV"],
    PATH: process.env.PATH,
    ...Object.fromEntries(Object.entries(declared).filter(([, v]) => !String(v).startsWith("${"))),
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: process.env.QUEUE_PREFIX,
    SHOPIFY_API_KEY: process.env.SHOPIFY_API_KEY,
    SHOPIFY_API_SECRET: process.env.SHOPIFY_API_SECRET,
    SHOPIFY_APP_URL: process.env.SHOPIFY_APP_URL,
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY,
    SHIPPING_API_BASE_URL: process.env.SHIPPING_API_BASE_URL,
    LOG_LEVEL: "warn",
    METRICS_TOKEN,
    ...extra,
  };
  // What this machine does not set stays unset (a child would see the text "undefined").
  return Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined),
  ) as NodeJS.ProcessEnv;
}

/** Runs a service's command (`node …`) with this Node, in the image's layout. */
function run(service: string, env: NodeJS.ProcessEnv): ChildProcess {
  const [program, ...args] = compose.services[service]!.command;
  expect(program).toBe("node");
  const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  children.push(child);
  return child;
}

beforeAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "scripts"), { recursive: true });
  // The run's production build (test/setup/system-build.ts), in the image's place.
  fs.symlinkSync(path.join(inject("systemBuild"), "build"), path.join(dir, "build"), "dir");
  for (const file of ["scripts/entry.mjs", "scripts/node-entries.json", "package.json"])
    fs.copyFileSync(file, path.join(dir, file));
  fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
  fs.symlinkSync(path.resolve("drizzle"), path.join(dir, "drizzle"), "dir");
}, 180_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await Promise.all(
    children.map((c) =>
      c.exitCode === null ? new Promise((resolve) => c.once("exit", resolve)) : null,
    ),
  );
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The niceness of each thread of a process (Linux: /proc/<pid>/task). */
function nicenessOfThreads(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((thread) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${thread}/stat`, "utf8");
    // After the command's closing parenthesis, the niceness is the 17th field.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

async function probe(base: string) {
  const healthz = await fetch(`${base}/healthz`);
  const readyz = await fetch(`${base}/readyz`);
  const metrics = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return {
    healthz: healthz.status,
    readyz: { status: readyz.status, body: await readyz.json() },
    metrics: { status: metrics.status, text: await metrics.text() },
  };
}

describe("compose.yaml keeps no secret", () => {
  it("every password and token comes from a variable the operator must set; Redis asks for one", () => {
    const text = fs.readFileSync("compose.yaml", "utf8");
    const required = (name: string) => `\${${name}:?set ${name}}`;
    for (const name of [
      "POSTGRES_PASSWORD",
      "REDIS_PASSWORD",
      "METRICS_TOKEN",
      "ENCRYPTION_KEY",
      "SHOPIFY_API_SECRET",
    ])
      expect([name, text.includes(required(name))]).toEqual([name, true]);
    const app = compose.services.web!.environment!;
    expect(app.DATABASE_URL).toBe(
      `postgres://parcelbridge:${required("POSTGRES_PASSWORD")}@postgres:5432/parcelbridge`,
    );
    expect(app.REDIS_URL).toBe(`redis://:${required("REDIS_PASSWORD")}@redis:6379`);
    expect(compose.services.postgres!.environment!.POSTGRES_PASSWORD).toBe(
      required("POSTGRES_PASSWORD"),
    );
    // Redis's password is in the config file compose writes, never on its command line.
    expect(compose.services.redis!.command.join(" ")).not.toContain("REDIS_PASSWORD");
    expect(compose.configs["redis-conf"]!.content).toContain(
      `requirepass "${required("REDIS_PASSWORD")}"`,
    );
    // No value of any service's environment is a literal secret.
    for (const [service, { environment }] of Object.entries(compose.services))
      for (const [name, value] of Object.entries(environment ?? {}))
        if (/PASSWORD|SECRET|TOKEN|KEY|AUTH/.test(name))
          expect([service, name, String(value).startsWith("${")]).toEqual([service, name, true]);
  });
});

describe("compose's Redis, run as compose runs it", () => {
  it("asks every client for the password, which no process of the machine can read from its command line", async () => {
    const password = "0123456789abcdef0123456789abcdef";
    const service = compose.services.redis!;
    const [mounted] = service.configs!;
    // What compose writes at the mount: the config's content, REDIS_PASSWORD interpolated.
    const conf = path.join(dir, "redis-conf", path.basename(mounted!.target));
    fs.mkdirSync(path.dirname(conf), { recursive: true });
    fs.writeFileSync(
      conf,
      compose.configs[mounted!.source]!.content.replace(
        "${REDIS_PASSWORD:?set REDIS_PASSWORD}",
        password,
      ),
    );
    const port = await freePort();
    const [binary, ...args] = service.command.map((a) => (a === mounted!.target ? conf : a));
    const redis = spawn(binary!, [...args, "--port", String(port), "--dir", path.dirname(conf)], {
      stdio: "ignore",
    });
    children.push(redis);
    const cli = (...more: string[]) =>
      spawnText("redis-cli", ["-p", String(port), "--no-auth-warning", ...more]);
    await waitUntil(
      "compose's Redis to answer",
      async () => (await cli("ping")).includes("NOAUTH"),
      10_000,
    );
    expect(await cli("-a", password, "ping")).toBe("PONG");
    expect(await cli("-a", password, "config", "get", "maxmemory-policy")).toContain("noeviction");
    expect(await cli("-a", password, "config", "get", "appendonly")).toContain("yes");
    const cmdline = fs.readFileSync(`/proc/${redis.pid}/cmdline`, "utf8");
    expect(cmdline).toContain("redis-server");
    expect(cmdline).not.toContain(password);
    redis.kill();
  });
});

/** What a command printed, trimmed (its standard output and error). */
function spawnText(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args);
    let text = "";
    child.stdout.on("data", (d: Buffer) => (text += d.toString()));
    child.stderr.on("data", (d: Buffer) => (text += d.toString()));
    child.on("error", reject);
    child.on("close", () => resolve(text.trim()));
  });
}

describe("the image and its neighbours are what was reviewed", () => {
  const digest = /@sha256:[0-9a-f]{64}$/;
  it("every base image is pinned by digest, in the Dockerfile and in compose.yaml", () => {
    const dockerfile = fs.readFileSync("Dockerfile", "utf8");
    const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(bases).toEqual(["${NODE_IMAGE}", "${NODE_IMAGE}"]);
    expect(/^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1]).toMatch(digest);
    for (const [service, { image, build }] of Object.entries(
      compose.services as Record<string, { image?: string; build?: unknown }>,
    ))
      if (!build) expect([service, image]).toEqual([service, expect.stringMatching(digest)]);
  });

  it("the runtime stage's code belongs to root: no COPY hands it to the user that runs it", () => {
    const dockerfile = fs.readFileSync("Dockerfile", "utf8");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).not.toMatch(/--chown/);
    // The modes COPY keeps: nothing writable by others, set in the build stage.
    expect(dockerfile.slice(0, dockerfile.length - runtime.length)).toMatch(
      /^RUN .*&& chmod -R go-w \/app$/m,
    );
    expect(runtime.indexOf("USER node")).toBeGreaterThan(runtime.lastIndexOf("COPY "));
  });
});

describe("the production image's commands (compose.yaml) on the build", () => {
  it("migrate ends with 0; web and worker then answer /healthz, /readyz and /metrics", async () => {
    const scopes = /^SCOPES=(.+)$/m.exec(fs.readFileSync(".env.example", "utf8"))?.[1];
    for (const service of ["migrate", "web", "worker"]) {
      expect(compose.services[service]!.environment?.NODE_ENV, service).toBe("production");
      expect(compose.services[service]!.environment?.SCOPES, service).toBe(scopes);
    }
    const migrate = run("migrate", envOf("migrate"));
    const code = await new Promise<number | null>((resolve) => migrate.once("exit", resolve));
    expect(code, output).toBe(0);

    const webPort = await freePort();
    const web = run("web", envOf("web", { PORT: String(webPort) }));
    const webBase = `http://127.0.0.1:${webPort}`;
    await waitUntil(
      "the web server",
      async () => {
        if (web.exitCode !== null) throw new Error(`web exited ${web.exitCode}:\n${output}`);
        return (await fetch(`${webBase}/healthz`).catch(() => null))?.status === 200;
      },
      60_000,
    );
    const webAnswers = await probe(webBase);
    expect(webAnswers.readyz).toEqual({
      status: 200,
      body: { ok: true, checks: { database: "ok", migrations: "ok", redis: "ok" } },
    });
    expect(webAnswers.metrics.status).toBe(200);
    expect(webAnswers.metrics.text).toMatch(
      /^parcelbridge_queue_jobs\{queue="shipments",state="waiting"\} \d+$/m,
    );

    const healthPort = await freePort();
    const worker = run("worker", envOf("worker", { WORKER_HEALTH_PORT: String(healthPort) }));
    const workerBase = `http://127.0.0.1:${healthPort}`;
    await waitUntil(
      "the worker's health port",
      async () => {
        if (worker.exitCode !== null)
          throw new Error(`worker exited ${worker.exitCode}:\n${output}`);
        return (await fetch(`${workerBase}/healthz`).catch(() => null))?.status === 200;
      },
      60_000,
    );
    const workerAnswers = await probe(workerBase);
    expect(workerAnswers.readyz.status).toBe(200);
    // Every thread of the worker at WORKER_NICE's default, the web's at the machine's normal.
    expect(new Set(nicenessOfThreads(worker.pid!))).toEqual(new Set([10]));
    expect(new Set(nicenessOfThreads(web.pid!))).toEqual(new Set([os.getPriority()]));
    expect(workerAnswers.metrics.text).toMatch(/^parcelbridge_process_cpu_seconds_total \d/m);
    expect(workerAnswers.metrics.text).toMatch(/^# TYPE parcelbridge_jobs_total counter$/m);
  }, 120_000);

  it("labels are drawn by the compiled label thread with plain node, beside the compiled server", async () => {
    // Where the production web server's pool finds it (app/labels/render-pool.server.ts).
    expect(fs.existsSync(path.join(dir, "build", "node", "label-thread.js"))).toBe(true);
    const script = `
      import { Piscina } from "piscina";
      const pool = new Piscina({ filename: new URL("./build/node/label-thread.js", import.meta.url).href });
      const pdf = await pool.run({ labels: JSON.parse(process.env.LABELS), layout: "thermal" });
      process.stdout.write(Buffer.from(pdf).subarray(0, 5).toString("latin1") + " " + pdf.byteLength);
      await pool.destroy();
    `;
    fs.writeFileSync(path.join(dir, "draw.mjs"), script);
    const child = spawn(process.execPath, ["draw.mjs"], {
      cwd: dir,
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH,
        LABELS: JSON.stringify([sampleLabel(0), sampleLabel(1)]),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, out).toBe(0);
    expect(out).toMatch(/^%PDF- \d{4,}$/);
  });

  it("in production, web and a worker with a health port refuse to start without METRICS_TOKEN, saying why", async () => {
    const web = run("web", envOf("web", { PORT: String(await freePort()), METRICS_TOKEN: "" }));
    const worker = run(
      "worker",
      envOf("worker", { WORKER_HEALTH_PORT: String(await freePort()), METRICS_TOKEN: "" }),
    );
    for (const child of [web, worker]) {
      const code =
        child.exitCode ??
        (await new Promise<number | null>((resolve) => child.once("exit", resolve)));
      expect(code, output).toBe(1);
    }
    expect(output).toMatch(/not starting: METRICS_TOKEN is not set/);
  });
});
