import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const dir = path.dirname(fileURLToPath(import.meta.url));
const toml = fs.readFileSync(path.join(dir, "shopify.extension.toml"), "utf8");
const modules = [...toml.matchAll(/module = "\.\/(.+?)"\s+target = "(.+?)"/g)].map((m) => ({
  entry: m[1]!,
  target: m[2]!,
}));

/**
 * The extension's modules bundle the way the Shopify CLI bundles them (esbuild, ESM, the JSX
 * runtime each file names, everything included): a missing import or a JSX error fails here,
 * not at deploy time.
 */
describe("shipment-admin extension", () => {
  it("declares the order block and the bulk action, on the API version of the components it is built with", () => {
    expect(modules.map((m) => m.target).sort()).toEqual([
      "admin.order-details.block.render",
      "admin.order-index.selection-action.render",
    ]);
    const installed = (
      JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      }
    ).dependencies["@shopify/ui-extensions"]!;
    expect(installed).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
    const [year, month] = installed.split(".");
    expect(toml).toContain(`api_version = "${year}-${month!.padStart(2, "0")}"`);
    // Preact and Polaris web components: the last API version with React components (2025-07) is out of support.
    expect(Number(year)).toBeGreaterThanOrEqual(2025);
    expect(`${year}-${month!.padStart(2, "0")}` > "2025-07").toBe(true);
  });

  it.each(modules.map((m) => m.entry))(
    "%s bundles with Preact and Polaris web components, without React",
    async (entry) => {
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
      const inputs = Object.keys(result.metafile!.inputs);
      expect(inputs.some((i) => i.includes("node_modules/preact/"))).toBe(true);
      expect(
        inputs.filter((i) => /node_modules\/(react|react-dom|react-reconciler)\//.test(i)),
      ).toEqual([]);
      const output = result.outputFiles[0]!.text;
      // The admin's own elements, and the app endpoints it calls.
      expect(output).toMatch(/"s-admin-(block|action)"/);
      expect(output).toMatch(/\/api\/(orders|shipments)/);
    },
  );
});
