import { describe, expect, it } from "vitest";
import { orderPatch } from "#worker/shared/shipment-context.ts";
import { httpUrlOrNull } from "./http-url";

describe("links the app stores and renders", () => {
  it("only absolute http(s) URLs", () => {
    expect(httpUrlOrNull("https://track.biteship.com/abc")).toBe("https://track.biteship.com/abc");
    expect(httpUrlOrNull(" http://127.0.0.1:4010/track/1 ")).toBe("http://127.0.0.1:4010/track/1");
    for (const bad of [
      "javascript:alert(document.cookie)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example/x",
      "/track/1",
      "",
      null,
      undefined,
    ]) {
      expect(httpUrlOrNull(bad), String(bad)).toBeNull();
    }
  });

  it("a confirmed order's javascript: tracking link is not stored", () => {
    const patch = orderPatch({
      id: "5dd599ebdefcd4158eb8470b",
      status: "confirmed",
      courier: { waybill_id: "CGK1", link: "javascript:alert(1)" },
    });
    expect(patch.trackingUrl).toBeNull();
    expect(patch.waybillId).toBe("CGK1");
  });
});
