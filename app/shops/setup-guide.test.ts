import { describe, expect, it } from "vitest";
import { setupGuide, type SetupFacts } from "./setup-guide";

const nothing: SetupFacts = {
  apiKey: false,
  pickup: false,
  courier: false,
  ratesOn: false,
  eventsAt: null,
  skipped: [],
  hidden: false,
};

describe("setupGuide", () => {
  it("opens the first step not done, whatever the order the others were done in", () => {
    const guide = setupGuide({ ...nothing, pickup: true, eventsAt: new Date() });
    expect(guide).toMatchObject({ finished: 2, total: 5, next: "api-key", show: true });
  });

  it("a skipped step counts as finished; a step done is never shown skipped", () => {
    const skipped = setupGuide({
      ...nothing,
      apiKey: true,
      pickup: true,
      courier: true,
      eventsAt: new Date(),
      skipped: ["checkout-rates"],
    });
    expect(skipped).toMatchObject({ finished: 5, next: null, show: false });
    const doneAnyway = setupGuide({ ...nothing, ratesOn: true, skipped: ["checkout-rates"] });
    expect(doneAnyway.steps.find((s) => s.id === "checkout-rates")).toEqual({
      id: "checkout-rates",
      done: true,
      skipped: false,
    });
  });

  it("hidden, it leaves the page with steps still open", () => {
    expect(setupGuide({ ...nothing, hidden: true })).toMatchObject({
      show: false,
      next: "api-key",
    });
  });
});
