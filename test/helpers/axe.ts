import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/** Impacts a page must not have: everything but "minor". */
const BLOCKING = new Set(["moderate", "serious", "critical"]);

/**
 * axe-core (Deque's accessibility rules, WCAG 2.x A and AA and best practices) run in the page as
 * it is now: each violation of impact moderate or higher, with how many nodes and the first few.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<Run> } })
      .axe;
    type Run = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[] }[];
      }[];
    };
    const run = await axe.run(document, { resultTypes: ["violations"] });
    return run.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "minor",
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  return violations
    .filter((v) => BLOCKING.has(v.impact))
    .map(
      (v) =>
        `${v.id} (${v.impact}: ${v.help}) on ${v.nodes.length} node(s): ${v.nodes.slice(0, 3).join(" | ")}`,
    );
}
