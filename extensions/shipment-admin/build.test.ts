import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The extension's modules bundle the way the Shopify CLI bundles them (esbuild, ESM, React JSX,
 * everything included): a missing import or a JSX error fails here, not at deploy time.
 */
describe("shipment-admin extension", () => {
  it.each(["src/OrderBlock.tsx", "src/BulkAction.tsx"])("%s bundles", async (entry) => {
    const result = await build({
      entryPoints: [path.join(dir, entry)],
      bundle: true,
      write: false,
      format: "esm",
      target: "es2020",
      jsx: "automatic",
      platform: "browser",
      logLevel: "silent",
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    const output = result.outputFiles[0]!.text;
    expect(output.length).toBeGreaterThan(10_000);
    // The target it registers for, and the app endpoints it calls.
    expect(output).toMatch(/admin\.order-(details\.block|index\.selection-action)\.render/);
    expect(output).toMatch(/\/api\/(orders|shipments)/);
  });
});
