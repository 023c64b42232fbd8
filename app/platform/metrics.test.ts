import { describe, expect, it } from "vitest";
import { routeLabel } from "./metrics.server";

describe("routeLabel", () => {
  it("keeps the service's version and resource words, and replaces ids, waybills and area codes", () => {
    expect(routeLabel("POST", "/v1/draft_orders")).toBe("POST /v1/draft_orders");
    expect(routeLabel("POST", "/v1/draft_orders/5f0c7c5d1b2a3c4d5e6f7a8b/confirm")).toBe(
      "POST /v1/draft_orders/:id/confirm",
    );
    expect(routeLabel("GET", "/v1/trackings/CGK4490739842545/couriers/jne")).toBe(
      "GET /v1/trackings/:id/couriers/jne",
    );
    expect(routeLabel("GET", "/v1/maps/areas/IDNP6IDNC148IDND836IDZ12430")).toBe(
      "GET /v1/maps/areas/:id",
    );
    expect(routeLabel("GET", "/v1/maps/areas?countries=ID&input=jakarta&type=single")).toBe(
      "GET /v1/maps/areas",
    );
    // An id of letters only is still an id when it is longer than any of the service's words.
    expect(routeLabel("GET", "/v1/orders/abcdefabcdefabcdefabcdef")).toBe("GET /v1/orders/:id");
  });
});
