import { describe, expect, it } from "vitest";
import { areaChoice } from "./area-choice";

describe("an area of the service's search, as the pickup form offers it", () => {
  it("reads district, city, province and postal code, as an address is read", () => {
    expect(
      areaChoice({
        id: "IDNP6IDNC148IDND836IDZ12430",
        name: "Cilandak, Jakarta Selatan, DKI Jakarta. 12430",
        country_name: "Indonesia",
        country_code: "ID",
        administrative_division_level_1_name: "DKI Jakarta",
        administrative_division_level_1_type: "province",
        administrative_division_level_2_name: "Jakarta Selatan",
        administrative_division_level_2_type: "city",
        administrative_division_level_3_name: "Cilandak",
        administrative_division_level_3_type: "district",
        postal_code: 12430,
      }),
    ).toEqual({
      id: "IDNP6IDNC148IDND836IDZ12430",
      label: "Cilandak, Jakarta Selatan, DKI Jakarta, 12430",
      postalCode: "12430",
    });
  });

  it("falls back to the service's name when it gives no divisions, and no postal code to fill", () => {
    expect(areaChoice({ id: "IDNP6", name: "DKI Jakarta" })).toEqual({
      id: "IDNP6",
      label: "DKI Jakarta",
      postalCode: null,
    });
  });
});
