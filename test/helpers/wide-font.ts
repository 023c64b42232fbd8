import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/**
 * DejaVu Sans, the widest of the fonts a Linux machine commonly falls back to (the npm package the
 * labels draw with, so every machine has the same file), served to the page from the app's own
 * origin.
 */
const WIDE_FONT = fs.readFileSync(
  createRequire(import.meta.url).resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
);
const WIDE_FONT_PATH = "/__test-wide-font.ttf";

/**
 * The page as a merchant with a wide font and a larger text setting reads it: every Polaris text
 * in DejaVu Sans, the root size 112.5 % (Polaris sizes its type in rem), so tables that fit with
 * Inter grow wider than their cards. Applied to the page as it is now (again after each load).
 */
export async function forceWideFont(page: Page): Promise<void> {
  await page.route(`**${WIDE_FONT_PATH}`, (route) =>
    route.fulfill({ body: WIDE_FONT, contentType: "font/ttf" }),
  );
  await page.addStyleTag({
    content: `@font-face { font-family: "Test Wide"; src: url("${WIDE_FONT_PATH}"); }
      :root { --p-font-family-sans: "Test Wide", sans-serif !important; font-size: 112.5% !important; }
      body { font-family: "Test Wide", sans-serif !important; }`,
  });
  await page.evaluate(async () => {
    await document.fonts.load('16px "Test Wide"');
    // Two frames: layout with the new font, then what the app does on a resize (it marks the
    // tables that now scroll).
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/**
 * Each element that scrolls sideways but that no keyboard can reach: neither focusable itself
 * nor holding anything focusable. Described by its tag and classes. Polaris's sticky scroll bar
 * under a wide IndexTable is left aside: a pointer's copy of the table's own scroll container,
 * which moves with it and is checked itself.
 */
export async function unreachableScrollRegions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focusable = "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])";
    return [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => {
        const { overflowX, display, visibility } = getComputedStyle(el);
        if (display === "none" || visibility === "hidden") return false;
        if (el.classList.contains("Polaris-IndexTable__ScrollBar")) return false;
        if (overflowX !== "auto" && overflowX !== "scroll") return false;
        if (el.scrollWidth <= el.clientWidth + 1 || el.clientHeight === 0) return false;
        return el.tabIndex < 0 && !el.querySelector(focusable);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
  });
}

/** The typeface the page's body text is drawn in, if the browser has it loaded. */
export async function loadedTypeface(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const loaded = [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family);
    const family = getComputedStyle(document.querySelector(".Polaris-Text--root") ?? document.body)
      .fontFamily.split(",")[0]!
      .trim()
      .replace(/^["']|["']$/g, "");
    return loaded.some((f) => f.replace(/^["']|["']$/g, "") === family) ? family : null;
  });
}
