import { describe, expect, it } from "vitest";
import { LONGEST_RUN, boundedText } from "./bounded-text";

describe("a label's text, bounded before it reaches the PDF library", () => {
  it("cuts a text past its limit with an ellipsis, counting characters, not UTF-16 units", () => {
    expect(boundedText("Jl. Melati 3", 300)).toBe("Jl. Melati 3");
    expect(boundedText("Kemeja Batik Parang Kencana", 12)).toBe("Kemeja Bati…");
    // Twelve characters kept, the last outside the basic plane (two UTF-16 units): whole, not halved.
    expect(boundedText("Toko Bunga 🌸 Sakura", 13)).toBe("Toko Bunga 🌸…");
  });

  it("breaks every run without a space longer than LONGEST_RUN, and no other", () => {
    const word = "A".repeat(8_000);
    const shown = boundedText(word, 300);
    expect(Array.from(shown)).toHaveLength(300 + Math.floor(299 / LONGEST_RUN));
    expect(Math.max(...shown.split(" ").map((run) => run.length))).toBe(LONGEST_RUN);
    expect(shown.endsWith("…")).toBe(true);
    // Real words, waybills, e-mails and phone numbers are left as they are.
    const address =
      "Jl. Kebon Jeruk Raya No. 27, RT 003/RW 005, sari.rahma@example.co.id 081398765432";
    expect(boundedText(address, 300)).toBe(address);
  });
});
