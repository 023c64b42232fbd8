import fs from "node:fs";
import { parseEnv } from "node:util";

/**
 * Loads `.env` from the working directory into process.env for processes started outside the
 * Shopify CLI (worker, sandbox, scripts). Variables already set in the environment win.
 */
export function loadDotEnv(path = ".env"): void {
  if (!fs.existsSync(path)) return;
  for (const [name, value] of Object.entries(parseEnv(fs.readFileSync(path, "utf8")))) {
    if (process.env[name] === undefined) process.env[name] = value;
  }
}
