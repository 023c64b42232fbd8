import { describe, expect, it } from "vitest";
import { wordsIn } from "../i18n/i18n.server";
import { inEnglish } from "../i18n/said";
import { IMPORT_NO_SESSION, importErrorText } from "./imports.server";

const id = wordsIn("id");

describe("an import's stop, as the list's banner says it", () => {
  it("the app's own reason in the reader's language; Shopify's words quoted as they came", () => {
    expect(importErrorText(inEnglish(IMPORT_NO_SESSION), id.t)).toBe(
      "Aplikasi belum tersambung ke toko: buka aplikasi di Shopify sekali, lalu impor lagi",
    );
    expect(importErrorText("Throttled", id.t)).toBe('Jawaban Shopify: "Throttled"');
    expect(importErrorText("Throttled", wordsIn("en").t)).toBe("Shopify's answer: Throttled");
  });
});
