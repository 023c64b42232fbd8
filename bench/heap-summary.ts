/**
 * `npx tsx bench/heap-summary.ts <file.heapsnapshot> [top]`: what a heap snapshot holds, by kind
 * of object (V8's node type and constructor or string), the kinds with the most bytes first:
 * their count and their own bytes. For finding what a process keeps per shop (`HEAP_SNAPSHOT=1
 * npm run bench:shops` writes the web process's after every shop opened its list).
 */
import fs from "node:fs";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: tsx bench/heap-summary.ts <file.heapsnapshot> [top]");
  process.exit(2);
}
const top = Number(topArg ?? 30);
const heap = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
const fields = heap.snapshot.meta.node_fields;
const types = heap.snapshot.meta.node_types[0];
const width = fields.length;
const at = (name: string) => fields.indexOf(name);
const [typeAt, nameAt, sizeAt] = [at("type"), at("name"), at("self_size")];

const kinds = new Map<string, { count: number; bytes: number }>();
let total = 0;
for (let i = 0; i < heap.nodes.length; i += width) {
  const type = types[heap.nodes[i + typeAt]!]!;
  const name = heap.strings[heap.nodes[i + nameAt]!]!;
  const bytes = heap.nodes[i + sizeAt]!;
  // Strings by their first characters (a kept key or token shows as many alike), the rest by name.
  const kind =
    type === "string" || type === "concatenated string" || type === "sliced string"
      ? `string ${JSON.stringify(name.slice(0, 40))}`
      : `${type} ${name.slice(0, 60)}`;
  const entry = kinds.get(kind) ?? { count: 0, bytes: 0 };
  entry.count += 1;
  entry.bytes += bytes;
  kinds.set(kind, entry);
  total += bytes;
}
console.log(`${(total / 1_048_576).toFixed(1)} MB in ${heap.nodes.length / width} objects`);
for (const [kind, { count, bytes }] of [...kinds]
  .sort((a, b) => b[1].bytes - a[1].bytes)
  .slice(0, top))
  console.log(
    `${(bytes / 1_048_576).toFixed(2).padStart(8)} MB ${String(count).padStart(9)}  ${kind}`,
  );
