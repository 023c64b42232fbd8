import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** Where a run writes each test file's time (docs/testing.md reads the slowest from it). */
export const TIMINGS_FILE = ".cache/test-timings.json";

/**
 * Ends the run with one plain line, `N passed, N failed, N skipped`, that CI reads whatever the
 * test runner. Before it, the ten slowest files; every file's time (importing it, its set-up, its
 * tests and hooks), by layer, goes to `.cache/test-timings.json`.
 */
export default class SummaryReporter implements Reporter {
  private startedAt = Date.now();

  onTestRunStart() {
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      // A file that failed outside its tests (import, beforeAll) must still fail the run.
      if (
        module.state() === "failed" &&
        ![...module.children.allTests()].some((t) => t.result().state === "failed")
      )
        failed++;
    }
    failed += unhandledErrors.length;
    const files = testModules
      .map((module) => {
        const d = module.diagnostic();
        return {
          file: path.relative(process.cwd(), module.moduleId),
          layer: module.project.name || "default",
          seconds: Math.round((d.collectDuration + d.setupDuration + d.duration) / 100) / 10,
          tests: [...module.children.allTests()].length,
        };
      })
      .sort((a, b) => b.seconds - a.seconds);
    const wallSeconds = Math.round((Date.now() - this.startedAt) / 1000);
    fs.mkdirSync(path.dirname(TIMINGS_FILE), { recursive: true });
    fs.writeFileSync(TIMINGS_FILE, `${JSON.stringify({ wallSeconds, files }, null, 2)}\n`);
    if (files.length > 1) {
      process.stdout.write(`\nSlowest files (all ${files.length}: ${TIMINGS_FILE}):\n`);
      for (const f of files.slice(0, 10))
        process.stdout.write(
          `  ${f.seconds.toFixed(1).padStart(6)} s  ${f.layer.padEnd(11)} ${f.file}\n`,
        );
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
