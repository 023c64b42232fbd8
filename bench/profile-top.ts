/**
 * `tsx bench/profile-top.ts <file.cpuprofile> [N]`: the top N (20) entries of a V8 CPU profile
 * (`node --cpu-prof`), by self time, and the same time grouped by where the code lives (a package
 * of node_modules, the app's own files, Node's internals), in per cent of the profile's samples.
 * The cost benchmark's figures in bench/README.md were read with it.
 */
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: tsx bench/profile-top.ts <file.cpuprofile> [N]");
  process.exit(2);
}
const top = Number(topArg ?? 20);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) =>
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
);
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** Where a frame's code lives: a package, the app's own code, or Node/V8. */
function place(url: string): string {
  if (!url) return "(native, GC, idle)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  const own = /\/(app|worker|sandbox|fakes|bench|scripts|build)\//.exec(url);
  return own ? `(own) ${own[1]}/` : url;
}

const functions = new Map<string, number>();
const places = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  const short = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(?=[a-z]+\/)/, "");
  const key = `${functionName || "(anonymous)"} ${short}${url ? `:${lineNumber + 1}` : ""}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  places.set(place(url), (places.get(place(url)) ?? 0) + us);
}
const pct = (us: number) => ((us / total) * 100).toFixed(1).padStart(5) + "%";
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
console.log("\nBy place:");
for (const [p, us] of [...places].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${pct(us)}  ${p}`);
console.log("\nBy function (self):");
for (const [f, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${pct(us)}  ${f}`);
