import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The layer rule follows the tree: a folder made in app/ today is a feature at once, and the
 * foundation (the Admin API's client here) may not import it. Planted for the test in a folder
 * of its own, removed after.
 */
const planted = `planted-${process.pid}`;
const folder = path.resolve("app", planted);
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("house/layers", () => {
  it("refuses an import of a feature folder made after the rule was written", async () => {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "thing.ts"), "export const thing = 1;\n");
    // Loaded after the folder exists, as ESLint loads its configuration on every run.
    const { featureFolders } = await import("./house.js");
    expect(featureFolders()).toContain(`app/${planted}/`);
    const eslint = new ESLint({ cwd: process.cwd() });
    const lint = async (file: string) => {
      const [result] = await eslint.lintText(
        `import { thing } from "../${planted}/thing.ts";\nexport const twice = thing * 2;\n`,
        { filePath: path.resolve(file) },
      );
      return result!.messages.filter((m) => m.ruleId === "house/layers").map((m) => m.message);
    };
    expect(await lint("app/admin-api/planted.ts")).toEqual([
      `app/admin-api/planted.ts may not import app/${planted}/ ("../${planted}/thing.ts"): the Admin API's client imports no feature.`,
    ]);
    // Nor may the admin's shared parts, which every feature's page parts use.
    expect(await lint("app/ui/planted.tsx")).toEqual([
      `app/ui/planted.tsx may not import app/${planted}/ ("../${planted}/thing.ts"): the admin's shared parts (tables, questions, the save bar) import no feature, so every feature's page parts may use them.`,
    ]);
    // A feature may import another feature: no layer is crossed.
    expect(await lint("app/shipments/planted.ts")).toEqual([]);
  }, 60_000);
});
