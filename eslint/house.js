import fs from "node:fs";
import path from "node:path";

/**
 * The house rules for ESLint (eslint.config.js): one way to write an import across folders, and
 * the layers of app/ (docs/architecture.md, "Layers").
 */

/** The top-level folders with an import alias (package.json "imports"). */
const ALIASED = ["app", "worker", "sandbox", "test", "fakes"];
const root = path.dirname(import.meta.dirname);
const topOf = (file) => path.relative(root, file).split(path.sep)[0];

/**
 * The house import style: within a top-level folder, a relative path; across folders, the
 * folder's alias (`#app/…`, `#worker/…`): one way to write each import, whoever writes it.
 */
const importStyle = {
  meta: { type: "suggestion", schema: [] },
  create(context) {
    const file = context.filename;
    const from = topOf(file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== "string") return;
      if (spec.startsWith(".")) {
        const to = topOf(path.resolve(path.dirname(file), spec));
        if (to !== from && ALIASED.includes(to))
          context.report({
            node: node.source,
            message: `Import from another folder by its alias: #${to}/… rather than "${spec}".`,
          });
      } else if (spec.startsWith(`#${from}/`)) {
        context.report({
          node: node.source,
          message: `Import within ${from}/ by a relative path rather than "${spec}".`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * The foundation of app/: the folders below the features (the clients, the schema, the platform,
 * the secrets, the web server's own parts, the translations, the stylesheets, the admin's shared
 * parts). Every other folder
 * of app/ is a feature, read from the tree when the rules load: a folder made tomorrow is guarded
 * the day it is made.
 */
export const FOUNDATION = [
  "admin-api",
  "db",
  "i18n",
  "platform",
  "secrets",
  "server",
  "shipping",
  "styles",
  "ui",
];

/** The feature folders of app/: what the lower layers (the clients, the schema) never import. */
export function featureFolders(appDir = path.join(root, "app")) {
  return fs
    .readdirSync(appDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !FOUNDATION.includes(entry.name))
    .map((entry) => `app/${entry.name}/`)
    .sort();
}

const FEATURES = featureFolders();

/**
 * The layers (docs/architecture.md, "Layers"): for the files under `from`, the folders they may not
 * import, type-only imports included, and why. Tests are not held to them.
 */
const LAYERS = [
  {
    from: "app/",
    forbid: ["fakes/", "test/", "bench/", "worker/", "scripts/"],
    why: "the app's code imports no test, fake, benchmark, worker or script",
  },
  {
    from: "app/db/",
    forbid: [...FEATURES, "app/shipping/"],
    why: "the schema owns its JSON column types (app/db/json-columns.ts) and imports no feature",
  },
  {
    from: "app/platform/",
    forbid: [...FEATURES, "app/db/", "app/shipping/", "app/admin-api/", "app/server/"],
    why: "the platform (environment, logging, Redis, metrics) is the bottom layer: it imports only secrets",
  },
  {
    from: "app/secrets/",
    forbid: [
      ...FEATURES,
      "app/db/",
      "app/shipping/",
      "app/admin-api/",
      "app/server/",
      "app/platform/",
    ],
    why: "the secrets' envelope imports nothing of the app",
  },
  { from: "app/shipping/", forbid: FEATURES, why: "the service's client imports no feature" },
  {
    from: "app/ui/",
    forbid: FEATURES,
    why: "the admin's shared parts (tables, questions, the save bar) import no feature, so every feature's page parts may use them",
  },
  { from: "app/admin-api/", forbid: FEATURES, why: "the Admin API's client imports no feature" },
];

/** An import's target, relative to the repository (null: a package). */
function targetOf(file, spec) {
  if (spec.startsWith(".")) return path.relative(root, path.resolve(path.dirname(file), spec));
  const alias = /^#([a-z]+)\/(.*)$/.exec(spec);
  return alias ? `${alias[1]}/${alias[2]}` : null;
}

const layers = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const file = path.relative(root, context.filename);
    if (/\.test\.tsx?$/.test(file)) return {};
    const rules = LAYERS.filter((layer) => file.startsWith(layer.from));
    if (rules.length === 0) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== "string") return;
      const target = targetOf(context.filename, spec);
      if (!target) return;
      for (const rule of rules) {
        const folder = rule.forbid.find((f) => target.startsWith(f));
        if (folder)
          context.report({
            node: node.source,
            message: `${file} may not import ${folder} ("${spec}"): ${rule.why}.`,
          });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const house = { rules: { "import-style": importStyle, layers } };
