/**
 * The Node half of `npm run build` (after Remix's own build of the web app): the web server
 * (server.ts), the worker (worker/index.ts), the migration script (scripts/migrate.ts) and the
 * re-sealing of secrets (scripts/reseal-secrets.ts) compiled to plain JavaScript in build/node/,
 * which `npm start`, `npm run worker`, `npm run db:migrate` and `npm run secrets:reseal` run with
 * `node` in production (scripts/entry.mjs).
 *
 * esbuild bundles the app's own TypeScript (the `#app/*` imports of package.json) into one module
 * per entry plus shared chunks, and leaves every package of node_modules external: they are loaded
 * by Node as installed, so nothing of a dependency is copied or changed, and the build takes about
 * a second. Source maps keep stack traces pointing at the TypeScript.
 */
import fs from "node:fs";
import { build, type Plugin } from "esbuild";
// The compiled entries, by name (build/node/<name>.js), shared with scripts/entry.mjs.
import entryPoints from "./node-entries.json" with { type: "json" };

// NODE_BUILD_DIR lets the benchmarks and tests build elsewhere than the deployable build/node.
const outdir = process.env.NODE_BUILD_DIR || "build/node";

/**
 * Packages compiled into the build rather than loaded from node_modules: ES-module packages of many
 * small files. Node keeps about a megabyte per loaded ES module (drizzle-orm's 300-odd files cost a
 * process about 120 MB when imported as ES modules, 7 MB when bundled or required as CommonJS).
 */
const BUNDLED = new Set(
  (process.env.NODE_BUILD_BUNDLE ?? "drizzle-orm").split(",").filter(Boolean),
);

/** Every other package stays external: Node loads it from node_modules as installed. */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith("node:")) return { external: true };
      const name = args.path.startsWith("@")
        ? args.path.split("/").slice(0, 2).join("/")
        : args.path.split("/")[0]!;
      return BUNDLED.has(name) ? undefined : { external: true };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  plugins: [externalPackages],
  sourcemap: true,
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
  metafile: true,
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
const kb = outputs.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024;
console.log(
  `Built ${outdir}/{${Object.keys(entryPoints).join(",")}}.js (${outputs.length} files, ${kb.toFixed(0)} kB)`,
);
