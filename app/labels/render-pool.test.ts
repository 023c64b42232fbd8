import { afterAll, describe, expect, it } from "vitest";
import { sampleLabel } from "#test/fixtures/labels.ts";
import { closeLabelPool, renderLabels } from "./render-pool.server";

afterAll(closeLabelPool);

/** Labels whose contents continue on more sheets: a long print, as a big shop's busy morning. */
const longPrint = Array.from({ length: 250 }, (_, i) =>
  sampleLabel(i, {
    contents: Array.from(
      { length: 12 },
      (_, k) => `1 × ${"Kain batik tulis motif parang ".repeat(8)}${k}`,
    ),
  }),
);

describe("the label threads", () => {
  it("another shop's one label is drawn beside a 250-label print, not after it", async () => {
    const finished: string[] = [];
    // The pool's thread started and warm, as on a server that has printed before.
    await renderLabels([sampleLabel(0)], "thermal");
    const big = renderLabels(longPrint, "thermal").then((pdf) => {
      finished.push("250 labels");
      return pdf;
    });
    // Sent once the long print is under way in the thread.
    await new Promise((r) => setTimeout(r, 50));
    const small = renderLabels([sampleLabel(1)], "thermal").then((pdf) => {
      finished.push("1 label");
      return pdf;
    });
    const [bigPdf, smallPdf] = await Promise.all([big, small]);
    expect(finished).toEqual(["1 label", "250 labels"]);
    for (const pdf of [bigPdf, smallPdf])
      expect(Buffer.from(pdf).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
