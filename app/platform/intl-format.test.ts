import { describe, expect, it } from "vitest";
import { formatDuration, formatServiceDuration } from "./intl-format";

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

describe("formatServiceDuration", () => {
  it("says a service's stated time in the reader's words, a one-day range as one day", () => {
    // As the shipping service's couriers list and rates give them.
    expect(formatServiceDuration("2 - 3", "days", "id-ID")).toBe("2–3 hari");
    expect(formatServiceDuration("1 - 1", "days", "id-ID")).toBe("1 hari");
    expect(formatServiceDuration("6 - 8", "hours", "id-ID")).toBe("6–8 jam");
    expect(formatServiceDuration("3", "day", "id-ID")).toBe("3 hari");
    expect(formatServiceDuration("2 - 3", null, "id-ID")).toBe("2–3 hari");
    expect(formatServiceDuration("1 - 1", "days", "en-ID")).toBe("1 day");
    expect(formatServiceDuration("1 - 3", "hours", "en-ID")).toBe("1–3 hours");
    // Nothing usable: no words rather than wrong ones.
    expect(formatServiceDuration("", "days", "id-ID")).toBeNull();
    expect(formatServiceDuration("besok", "days", "id-ID")).toBeNull();
    expect(formatServiceDuration(null, null, "id-ID")).toBeNull();
  });
});
