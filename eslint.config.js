import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import i18next from "eslint-plugin-i18next";
import tseslint from "typescript-eslint";
import { house } from "./eslint/house.js";

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
    plugins: { house },
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
