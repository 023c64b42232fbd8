import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import i18next from "eslint-plugin-i18next";
import path from "node:path";
import tseslint from "typescript-eslint";

/** The top-level folders with an import alias (package.json "imports"). */
const ALIASED = ["app", "worker", "sandbox", "test", "fakes"];
const root = import.meta.dirname;
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

/** The feature folders of app/: what the lower layers (the clients, the schema) never import. */
const FEATURES = [
  "checkout-rates",
  "components",
  "jobs",
  "labels",
  "orders",
  "returns",
  "routes",
  "shipments",
  "shops",
  "webhooks",
].map((f) => `app/${f}/`);

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

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      ".data/",
      ".cache/",
      "extensions/*/dist/",
      "bench/results/",
      "app/admin-api/types/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Extensions are packages of their own (no alias); the rest of the tree follows the house style.
    ignores: ["extensions/**"],
    plugins: { house: { rules: { "import-style": importStyle, layers } } },
    rules: { "house/import-style": "error", "house/layers": "error" },
  },
  {
    files: ["scripts/**", "bench/**", "test/**", "fakes/**", "sandbox/main.ts"],
    rules: { "no-console": "off" },
  },
  {
    // What a merchant reads goes through the translations (app/i18n/, the extension's locales):
    // no literal text in the admin's components, neither between tags, nor in the attributes
    // that are shown (labels, titles, help texts, actions' content), nor in template strings.
    files: ["app/routes/**/*.tsx", "app/components/**/*.tsx", "extensions/*/src/**/*.tsx"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "should-validate-template": true,
          "jsx-attributes": {
            include: [
              "label",
              "title",
              "placeholder",
              "helpText",
              "content",
              "heading",
              "accessibilityLabel",
              "alt",
              "aria-label",
              "subtitle",
              "error",
            ],
          },
          // Punctuation, numbers, separators and codes are not words to translate.
          words: { exclude: ["[0-9!-/:-@[-`{-~\\s·→…—×]+", "[A-Z_-]+"] },
          // Arguments that are codes, not words: intents, search parameters, keys.
          callees: {
            exclude: [
              "i18n(ext)?",
              "t",
              "require",
              "includes",
              "indexOf",
              "startsWith",
              "endsWith",
              "button",
              "check",
              "get",
              "has",
              "navigate",
            ],
          },
        },
      ],
    },
  },
);
