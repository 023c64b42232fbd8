import { describe, expect, it } from "vitest";
import { parseShopSettings } from "./settings";

describe("stored settings", () => {
  it("reads a setting stored under its former key as today's", () => {
    expect(parseShopSettings({ fulfilOnConfirm: false }).fulfillOnConfirm).toBe(false);
    expect(parseShopSettings({ fulfilOnConfirm: true }).fulfillOnConfirm).toBe(true);
  });

  it("prefers today's key when both are stored, and keeps no former key", () => {
    const settings = parseShopSettings({ fulfilOnConfirm: true, fulfillOnConfirm: false });
    expect(settings.fulfillOnConfirm).toBe(false);
    expect(settings).not.toHaveProperty("fulfilOnConfirm");
  });

  it("fills the defaults of settings never stored", () => {
    expect(parseShopSettings(null).fulfillOnConfirm).toBe(true);
    expect(parseShopSettings({}).fulfillOnConfirm).toBe(true);
  });
});
