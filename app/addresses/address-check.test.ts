import { describe, expect, it } from "vitest";
import { inEnglish } from "../i18n/said";
import { adminAreas } from "./admin-areas.server";
import { checkAddress, type AddressParts } from "./address-check";

/**
 * Checked against Kemendagri's own data (the geografis package), with addresses as Indonesian
 * buyers type them at a Shopify checkout. Postal codes from the data set: 60271 is Kelurahan
 * Embong Kaliasin, Kecamatan Genteng, Kota Surabaya; Tegalsari (Surabaya) is 60262; 40115 is in
 * Kota Bandung.
 */
const areas = adminAreas();
const check = (address: AddressParts) =>
  checkAddress(areas, address).map((f) => ({ kind: f.kind, text: inEnglish(f.said) }));

describe("checkAddress", () => {
  it("finds nothing wrong with a whole, fitting address", () => {
    expect(
      check({
        address1: "Jl. Embong Malang No. 21, RT 02/RW 05",
        address2: "Kel. Embong Kaliasin, Kec. Genteng",
        city: "Kota Surabaya",
        province: "Jawa Timur",
        zip: "60271",
      }),
    ).toEqual([]);
    // The kecamatan typed as the city, the province as Shopify names it.
    expect(
      check({
        address1: "Jl. Kedungdoro 88",
        city: "Tegalsari",
        province: "Jawa Timur",
        zip: "60262",
      }),
    ).toEqual([]);
    expect(
      check({
        address1: "Jl. Fatmawati Raya No. 15",
        city: "Jakarta Selatan",
        province: "Jakarta",
        zip: "12430",
      }),
    ).toEqual([]);
  });

  it("says a postal code outside the kecamatan named, with where the code belongs", () => {
    expect(
      check({
        address1: "Jl. Kedungdoro gang buntu",
        address2: "Kec. Tegalsari",
        city: "Surabaya",
        province: "Jawa Timur",
        zip: "60271",
      }),
    ).toEqual([
      {
        kind: "areaMismatch",
        text: "Postal code 60271 is not in the district (kecamatan) of Tegalsari (it belongs to Kecamatan Genteng, Kota Surabaya)",
      },
      { kind: "noHouseNumber", text: "No house number or RT/RW" },
    ]);
  });

  it("says a postal code of another city or province, and one no area has", () => {
    expect(
      check({
        address1: "Jl. Merdeka No. 5",
        city: "Bandung",
        province: "Jawa Barat",
        zip: "60271",
      }),
    ).toEqual([
      {
        kind: "areaMismatch",
        text: "Postal code 60271 is not in Jawa Barat (it belongs to Kota Surabaya, Jawa Timur)",
      },
    ]);
    expect(
      check({
        address1: "Jl. Merdeka No. 5",
        city: "Bandung",
        province: "Jawa Timur",
        zip: "60271",
      }),
    ).toEqual([
      {
        kind: "areaMismatch",
        text: "Postal code 60271 is not in Bandung (it belongs to Kota Surabaya, Jawa Timur)",
      },
    ]);
    expect(check({ address1: "Jl. Merdeka No. 5", city: "Surabaya", zip: "69999" })).toEqual([
      {
        kind: "postalUnknown",
        text: "Postal code 69999 is not in Indonesia's official area data (Kemendagri)",
      },
    ]);
  });

  it("says a kelurahan the postal code does not serve", () => {
    expect(
      check({
        address1: "Jl. Kedungdoro No. 10",
        address2: "Kelurahan Tegalsari",
        city: "Surabaya",
        zip: "60271",
      }).map((f) => f.text),
    ).toEqual([
      "Postal code 60271 is not for the village (kelurahan/desa) of Tegalsari (it belongs to Kecamatan Genteng, Kota Surabaya)",
    ]);
  });

  it("holds nothing against a place name the data does not know", () => {
    expect(
      check({
        address1: "Jl. Embong Malang No. 21",
        address2: "Kec. Gentengg (salah ketik)",
        city: "Suroboyo",
        zip: "60271",
      }),
    ).toEqual([]);
  });

  it("says an address that is only a landmark, or has no number", () => {
    expect(check({ address1: "dekat masjid al ikhlas", city: "Surabaya", zip: "60271" })).toEqual([
      { kind: "landmarkOnly", text: "Only a landmark: dekat masjid al ikhlas" },
    ]);
    expect(
      check({ address1: "Perum Griya Asri blok D", city: "Surabaya", zip: "60271" }).map(
        (f) => f.kind,
      ),
    ).toEqual(["noHouseNumber"]);
    expect(
      check({ address1: "Gg. Buntu", city: "Surabaya", zip: "60271" }).map((f) => f.kind),
    ).toEqual(["shortAddress", "noHouseNumber"]);
    expect(check({ address1: "Jl. Mawar RT 3 RW 7", zip: "60271" })).toEqual([]);
    expect(check({ address1: "Jl. Mawar No. 3" }).map((f) => f.kind)).toEqual(["noPostalCode"]);
  });
});
