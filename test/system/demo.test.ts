import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { TERMINAL_STATUSES } from "#app/shipments/states.ts";
import { freePort } from "../../scripts/processes.ts";

/**
 * `npm run demo` as a newcomer runs it: the whole pipeline on the embedded default (PGlite shared
 * by the demo, the web server and the worker process), with its own deadline. It must finish with
 * every order in its final state; if it does not, it names the stuck orders and their states, and
 * this test shows them.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-demo-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Summary {
  settled: boolean;
  seconds: number;
  reason: string | null;
  stuck: string[];
  sent: { id: string; name: string; fixture: string }[];
  service: { drafts: number; orders: number };
  afterTheJourney: {
    lines: string[];
    markedPaid: number;
    restockedUnits: number;
    cancelled: number;
  };
  rows: {
    orderId: string;
    order: string;
    part: number;
    attempt: number;
    status: string;
    problem: string | null;
    draftOrderId: string | null;
    shippingOrderId: string | null;
    codSettlement: string | null;
    returnOutcome: string | null;
    problemKinds: string[];
  }[];
}

const final = (status: string) =>
  TERMINAL_STATUSES.has(status as never) || status === "draft_placed";

describe("npm run demo", () => {
  it(
    "finishes with every store order in its final state, each shipped order booked once",
    { timeout: 300_000 },
    async () => {
      const env = {
        ...process.env,
        DEMO_DIR: path.join(dir, "run"),
        // The run's production build (test/setup/system-build.ts), served as it is.
        DEMO_BUILD_DIR: path.join(inject("systemBuild"), "build"),
        DEMO_PREBUILT: "1",
        DEMO_WEB_PORT: String(await freePort()),
        DEMO_PGLITE_PORT: String(await freePort()),
        DEMO_DEADLINE_MS: "60000",
        DEMO_QUEUE_PREFIX: `pbtest-demo-${process.pid}`,
      };
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/demo.ts"], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (d: Buffer) => (output += d));
      child.stderr.on("data", (d: Buffer) => (output += d));
      // The demo's own deadline ends it; this only guards against the demo itself hanging.
      const killer = setTimeout(() => child.kill("SIGKILL"), 280_000);
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      clearTimeout(killer);
      const log = (name: string) => {
        const file = path.join(env.DEMO_DIR, `${name}.log`);
        return fs.existsSync(file)
          ? `\n--- ${name}.log ---\n${fs.readFileSync(file, "utf8").slice(-3000)}`
          : "";
      };
      const tail = `\n--- demo output ---\n${output.slice(-6000)}${code === 0 ? "" : log("web") + log("worker")}`;
      expect(code, tail).toBe(0);

      const summary = JSON.parse(
        fs.readFileSync(path.join(env.DEMO_DIR, "summary.json"), "utf8"),
      ) as Summary;
      expect(summary.stuck, tail).toEqual([]);
      expect(summary.settled).toBe(true);
      // Every order sent has its shipment, in a final state (or stopped by a problem before drafting).
      for (const order of summary.sent) {
        const rows = summary.rows.filter((r) => r.orderId === order.id);
        expect(rows.length, order.name).toBeGreaterThan(0);
        for (const row of rows)
          expect(
            final(row.status) ||
              (row.problem !== null && row.draftOrderId === null) ||
              row.problemKinds.includes("stuck"),
            `${order.name}: ${row.status}`,
          ).toBe(true);
      }
      // One draft and one booking per shipment that has them at the service: the redelivery made none.
      expect(summary.service.drafts).toBe(
        summary.rows.filter((r) => r.draftOrderId !== null).length,
      );
      expect(summary.service.orders).toBe(
        summary.rows.filter((r) => r.shippingOrderId !== null).length,
      );
      expect(output).toContain("Every order reached its final state");
      // After the journeys: a delivered COD order marked paid, and the returned one restocked and
      // cancelled, as Shopify (the fake Admin API) was asked; the rows say the same.
      const after = summary.afterTheJourney;
      expect(after.markedPaid, tail).toBeGreaterThanOrEqual(1);
      expect(after.restockedUnits, tail).toBeGreaterThan(0);
      expect(after.cancelled, tail).toBe(1);
      const returned = summary.sent.find((o) => o.fixture === "id-cod-rates-app")!;
      expect(summary.rows.find((r) => r.orderId === returned.id)).toMatchObject({
        status: "returned",
        returnOutcome: "cancelled",
      });
      // The parcel the courier re-weighed: charged more than quoted, both weights in the admin's words.
      expect(
        after.lines.find((l) => l.startsWith("Re-weighed")),
        tail,
      ).toMatch(
        /quoted Rp[\d.]+, charged Rp[\d.]+\. The admin: "Saat dipesan Rp[\d.]+; kurir menambah Rp[\d.]+ setelah menimbang ulang \(berat dikirim [\d,]+ kg, ditagih sekitar [\d,]+ kg\)"/,
      );
      expect(
        after.lines.find((l) => l.startsWith("Returned COD")),
        tail,
      ).toMatch(/return fee Rp[\d.]+$/);
      const cod = summary.sent.find((o) => o.fixture === "cod")!;
      expect(summary.rows.find((r) => r.orderId === cod.id)).toMatchObject({
        status: "delivered",
        codSettlement: "marked_paid",
      });
      // The buyer whose two COD parcels came back: held before booking, nothing at the service.
      const risky = summary.sent.find((o) => o.fixture === "cod-risky-buyer")!;
      expect(summary.rows.find((r) => r.orderId === risky.id)).toMatchObject({
        status: "pending",
        draftOrderId: null,
        problem: expect.stringMatching(/^Held before booking: high risk/),
      });
      expect(output).toContain("[Risiko COD] Ditahan sebelum dipesan");
      // The parcel that stopped moving after pickup: stuck five days later, Shopify told once.
      const quiet = summary.sent.find((o) => o.fixture === "id-discounted")!;
      expect(summary.rows.find((r) => r.orderId === quiet.id)).toMatchObject({
        status: "dropping_off",
        problem: expect.stringMatching(/^Parcel not moving: no courier scan for 5 days/),
      });
      expect(
        after.lines.find((l) => l.startsWith("Stuck")),
        tail,
      ).toMatch(
        /^Stuck #D\d+: 1 DELAYED event told to Shopify\. The admin: "Paket tidak bergerak: tidak ada pemindaian kurir selama 5 hari/,
      );
      expect(output).toMatch(/the order was marked paid in Shopify/);
      expect(output).toMatch(/\d+ items? restocked in Shopify/);
    },
  );
});
