/**
 * `node scripts/entry.mjs <server|worker|migrate|reseal>`: what `npm start`, `npm run worker`,
 * `npm run db:migrate` and `npm run secrets:reseal` run. With NODE_ENV=production, the compiled JavaScript of `npm run build`
 * (build/node/<name>.js, scripts/build-node.ts) with plain `node`: no TypeScript is compiled at run
 * time. Otherwise (development) the TypeScript source itself through tsx, so a change needs no
 * build.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
// Each entry's TypeScript source, by the name of its compiled file (scripts/build-node.ts).
import SOURCES from "./node-entries.json" with { type: "json" };
const name = process.argv[2];
if (!Object.hasOwn(SOURCES, name)) {
  console.error(`usage: node scripts/entry.mjs <${Object.keys(SOURCES).join("|")}>`);
  process.exit(2);
}

let entry;
if (process.env.NODE_ENV === "production") {
  entry = path.resolve("build/node", `${name}.js`);
  if (!fs.existsSync(entry)) {
    console.error(`${path.relative(process.cwd(), entry)} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
} else {
  entry = path.resolve(SOURCES[name]);
  const { register } = await import("tsx/esm/api");
  register();
}
// The entry sees itself as the script run (the database names its connections after it).
process.argv.splice(1, 2, entry);
await import(pathToFileURL(entry).href);
