import { describe, expect, it } from "vitest";
import { formatDuration } from "./intl-format";

describe("formatDuration", () => {
  it("says minutes under an hour, hours under two days, then days, in whole units", () => {
    expect(formatDuration(0, "id-ID")).toBe("0 menit");
    expect(formatDuration(12 * 60_000 + 59_000, "id-ID")).toBe("12 menit");
    expect(formatDuration(30 * 3_600_000 + 59 * 60_000, "id-ID")).toBe("30 jam");
    expect(formatDuration(3 * 86_400_000 + 5 * 3_600_000, "id-ID")).toBe("3 hari");
    expect(formatDuration(47 * 3_600_000, "en-ID")).toBe("47 hours");
    // A clock that moved backwards is no time at all.
    expect(formatDuration(-5_000, "en-ID")).toBe("0 minutes");
  });
});
