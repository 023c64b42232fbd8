import { describe, expect, it } from "vitest";
import { companyName, courierNamesOf, serviceName } from "./courier-names";
import { courierName, describeStatus } from "./status-words";
import { wordsIn } from "../i18n/i18n.server";

/** Entries as the service's GET /v1/couriers lists them (names as its couriers list gives them). */
const names = courierNamesOf([
  {
    courier_code: "sicepat",
    courier_name: "SiCepat",
    courier_service_code: "reg",
    courier_service_name: "Reguler",
  },
  {
    courier_code: "gojek",
    courier_name: "Gojek",
    courier_service_code: "instant",
    courier_service_name: "Instant",
  },
  {
    courier_code: "jne",
    courier_name: "JNE",
    courier_service_code: "jtr",
    courier_service_name: "JNE Trucking",
  },
  {
    courier_code: "pos",
    courier_name: "Pos Indonesia",
    courier_service_code: "reg",
    courier_service_name: "Pos Reguler",
  },
]);

describe("couriers as the service names them", () => {
  it("a service by its courier's and its own name, never the courier twice", () => {
    expect(serviceName(names, "sicepat", "reg")).toBe("SiCepat Reguler");
    expect(serviceName(names, "SICEPAT", "REG")).toBe("SiCepat Reguler");
    expect(serviceName(names, "gojek", "instant")).toBe("Gojek Instant");
    expect(serviceName(names, "jne", "jtr")).toBe("JNE Trucking");
    // The service begins with the courier's first word: not "Pos Indonesia Pos Reguler".
    expect(serviceName(names, "pos", "reg")).toBe("Pos Reguler");
    expect(companyName(names, "sicepat")).toBe("SiCepat");
  });

  it("codes in capitals where the list does not have them, or is not at hand", () => {
    expect(serviceName(names, "sicepat", "best")).toBe("SiCepat BEST");
    expect(serviceName(names, "anteraja", "reg")).toBe("ANTERAJA REG");
    expect(courierName("jne", "reg")).toBe("JNE REG");
    expect(courierName(null, "reg")).toBeNull();
  });

  it("a shipment's sentence names its courier so", () => {
    const words = describeStatus(
      {
        status: "draft_ready",
        courierCompany: "sicepat",
        courierType: "reg",
        price: 19000,
        currency: "IDR",
      },
      { ...wordsIn("id"), couriers: names },
    );
    expect(words.sentence).toBe("Siap dipesan: SiCepat Reguler, Rp19.000");
  });
});
