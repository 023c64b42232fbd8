import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint rule that keeps merchant-facing text in the translations (eslint.config.js,
 * i18next/no-literal-string): a literal sentence planted in a component fails it, in the text
 * between tags, in a shown attribute and in a template string; codes and keys pass.
 */
const eslint = new ESLint({ cwd: path.resolve(".") });

async function problems(source: string, file = "app/components/Planted.tsx") {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(file) });
  return result!.messages
    .filter((m) => m.ruleId === "i18next/no-literal-string")
    .map((m) => m.line);
}

describe("merchant-facing literal text", () => {
  it("fails in a component, a route and the extension", async () => {
    const planted = [
      'import { Banner, Button, Text } from "@shopify/polaris";',
      "export function Planted({ n }: { n: number }) {",
      "  return (",
      '    <Banner title="Shipment booked">',
      '      <Text as="p">Your parcel is on its way</Text>',
      "      <Button>{`${n} labels`}</Button>",
      "    </Banner>",
      "  );",
      "}",
    ].join("\n");
    expect(await problems(planted)).toEqual([4, 5, 6]);
    expect(await problems(planted, "app/routes/app.planted.tsx")).toEqual([4, 5, 6]);
    expect(await problems(planted, "extensions/shipment-admin/src/Planted.tsx")).toEqual([4, 5, 6]);
  });

  it("passes translated text, codes and keys", async () => {
    const clean = [
      'import { Button, Text } from "@shopify/polaris";',
      'import { useTranslation } from "react-i18next";',
      "export function Clean({ id }: { id: string }) {",
      "  const { t } = useTranslation();",
      "  return (",
      '    <Text as="p" tone="subdued">',
      '      {t("nav.shipments")} · {id}',
      '      <Button url={`/app/shipments/${id}`} variant="plain">{t("list.actions.print")}</Button>',
      "    </Text>",
      "  );",
      "}",
    ].join("\n");
    expect(await problems(clean)).toEqual([]);
  });
});
