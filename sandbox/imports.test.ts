import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The sandbox's modules import each other one way round: service.ts builds the resources on
 * what they share (service-core.ts), the resources never import it back, not even for a type
 * (a type import ties the files as a value import does for a reader), and orders and the courier
 * lifecycle do not import each other in a loop.
 */
const dir = path.dirname(new URL(import.meta.url).pathname);

/** The sandbox's own modules a file imports, type-only imports included. */
function imports(file: string): string[] {
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  return [...source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+"(\.\/[^"]+)";/gms)].map((m) =>
    path.basename(m[1]!),
  );
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const loop = trail.slice(at);
      // Each loop once, from its smallest module.
      const start = loop.indexOf([...loop].sort()[0]!);
      const key = [...loop.slice(start), ...loop.slice(0, start)];
      if (!found.some((f) => f.join() === key.join())) found.push(key);
      return;
    }
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe("the sandbox's modules", () => {
  it("import each other in no loop, type imports included", () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const graph = new Map(files.map((f) => [f, imports(f)]));
    // The reader sees what it must: service.ts builds the resources it imports.
    expect(graph.get("service.ts")).toEqual(expect.arrayContaining(["orders.ts", "drafts.ts"]));
    expect(cycles(graph).map((c) => c.join(" → "))).toEqual([]);
  });

  it("the loop finder finds a loop (so the test above can fail)", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });
});
