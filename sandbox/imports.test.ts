import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The sandbox's modules import each other one way round: service.ts builds the resources, the
 * resources never import it back at run time (ids come from ids.ts), and orders and the courier
 * lifecycle do not import each other in a loop. Type-only imports are erased and do not count.
 */
const dir = path.dirname(new URL(import.meta.url).pathname);

function runtimeImports(file: string): string[] {
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  const found: string[] = [];
  for (const match of source.matchAll(/^import\s+(type\s+)?([^;]*?)\s+from\s+"(\.\/[^"]+)";/gms)) {
    if (match[1]) continue;
    const names = match[2]!;
    // `import { type A, type B } from …` is type-only too.
    const braces = /^\{([^}]*)\}$/.exec(names.trim());
    if (
      braces &&
      braces[1]!.split(",").every((n) => n.trim() === "" || n.trim().startsWith("type "))
    )
      continue;
    found.push(path.basename(match[3]!));
  }
  return found;
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
  it("import each other in no loop at run time", () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
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
