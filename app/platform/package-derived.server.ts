/**
 * Data derived once from a large data package and kept as a small JSON file beside it: parsing
 * the package's own files can take half a second and hundreds of megabytes, and every process that
 * needs the data (a worker, a test file, the sandbox) would pay it. The first process builds the
 * derived form and writes it to `node_modules/.cache/parcelbridge/` (keyed by the package's
 * version and the form's own version; written to a temporary file and renamed, so concurrent
 * processes never read half a file), or to the system's temporary directory where node_modules is
 * read-only (the production image); every later process reads that.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

export interface PackageData<T> {
  /** The npm package holding the data. */
  packageName: string;
  /** The derived form's name in the cache. */
  name: string;
  /** Raised when the derived form changes: an older file is not read. */
  format: number;
  /** Said when the package is not installed. */
  missing: string;
  /** Builds the derived form from the package's directory. */
  build: (packageDir: string, source: string) => T;
}

/** The derived form, with `source` (the package and version it came from). */
export function packageDerived<T extends { source: string }>(spec: PackageData<T>): T {
  const require = createRequire(import.meta.url);
  let packageJson: string;
  try {
    packageJson = require.resolve(`${spec.packageName}/package.json`);
  } catch {
    throw new Error(spec.missing);
  }
  const version = (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
  const source = `${spec.packageName}@${version}`;
  const file = `${spec.name}-${source}-v${spec.format}.json`;
  const places = cacheDirs(packageJson).map((dir) => path.join(dir, file));
  for (const place of places) {
    try {
      const cached = JSON.parse(readFileSync(place, "utf8")) as T;
      if (cached.source === source) return cached;
    } catch {
      // Not built there yet (or unreadable).
    }
  }
  const built = spec.build(path.dirname(packageJson), source);
  const text = JSON.stringify(built);
  for (const place of places) {
    try {
      mkdirSync(path.dirname(place), { recursive: true });
      const temporary = `${place}.${process.pid}.${Date.now()}.tmp`;
      writeFileSync(temporary, text);
      renameSync(temporary, place);
      break;
    } catch {
      // Not writable here: the next place.
    }
  }
  return built;
}

function cacheDirs(packageJson: string): string[] {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = packageJson.lastIndexOf(marker);
  const temporary = path.join(tmpdir(), "parcelbridge-cache");
  return at >= 0
    ? [path.join(packageJson.slice(0, at + marker.length), ".cache", "parcelbridge"), temporary]
    : [temporary];
}
