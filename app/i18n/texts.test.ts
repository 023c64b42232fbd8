import { describe, expect, it } from "vitest";
import polarisEn from "@shopify/polaris/locales/en.json";
import { EVENT_TYPES } from "../shipments/event-types";
import { PROBLEM_KINDS } from "../shipments/problem-kinds";
import { SHIPMENT_STATUSES } from "../shipments/states";
import { maintenanceJobs, shipmentJobs } from "../jobs/definitions";
import { COD_TYPES } from "../shipping/codes";
import { LABEL_LAYOUTS } from "../shops/label-layouts";
import en from "./locales/en.json";
import id from "./locales/id.json";
import polarisId from "./locales/polaris-id.json";
import { wordsIn } from "./i18n.server";
import { languageOfTag } from "./languages";
import { flatTexts } from "#test/helpers/texts.ts";

const placeholders = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((m) => m[1]).sort();

describe("the admin's texts", () => {
  it("every key has its text in both languages, and none in one language only", () => {
    const english = new Map(flatTexts(en));
    const indonesian = new Map(flatTexts(id));
    expect([...indonesian.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !indonesian.has(k))).toEqual([]);
    for (const [key, text] of english) {
      expect(text.trim(), key).not.toBe("");
      expect(indonesian.get(key)!.trim(), key).not.toBe("");
      // The same values in both: a sentence never loses the courier or the amount it names.
      expect(placeholders(indonesian.get(key)!, /\{\{(\w+)\}\}/g), key).toEqual(
        placeholders(text, /\{\{(\w+)\}\}/g),
      );
    }
  });

  it("every kind of message the app stores or shows has its words", () => {
    const { t } = wordsIn("id");
    const said = (key: string) => {
      const text = t(key as "nav.shipments");
      expect(text, key).not.toBe(key);
      expect(text, key).not.toMatch(/^[a-z]+(\.[\w-]+)+$/);
    };
    for (const type of EVENT_TYPES) said(`event.${type}`);
    for (const status of SHIPMENT_STATUSES) said(`status.${status}`);
    for (const kind of PROBLEM_KINDS) said(`problemKind.${kind}.label`);
    for (const job of [...Object.values(shipmentJobs), ...Object.values(maintenanceJobs)])
      said(`failed.jobs.${job.name}`);
    for (const type of COD_TYPES) said(`settings.codType.${type}`);
    for (const layout of LABEL_LAYOUTS) said(`labels.layout.${layout}`);
  });

  it("Polaris's own strings in Indonesian: only keys Polaris has, with the same placeholders", () => {
    const english = new Map(flatTexts(polarisEn));
    const indonesian = flatTexts(polarisId);
    expect(indonesian.length).toBeGreaterThan(150);
    for (const [key, text] of indonesian) {
      expect(english.has(key), key).toBe(true);
      expect(placeholders(text, /\{(\w+)\}/g), key).toEqual(
        placeholders(english.get(key)!, /\{(\w+)\}/g),
      );
    }
    // What the app's pages use: the table's selection, pagination, banners, badges.
    for (const key of [
      "Polaris.IndexTable.selected",
      "Polaris.IndexProvider.a11yCheckboxSelectAllMultiple",
      "Polaris.Pagination.next",
      "Polaris.Banner.dismissButton",
      "Polaris.Badge.PROGRESS_LABELS.incomplete",
      "Polaris.Common.cancel",
    ])
      expect(new Map(indonesian).has(key), key).toBe(true);
  });

  it("the admin's language picks the texts; any other language reads English", () => {
    expect(languageOfTag("id")).toBe("id");
    expect(languageOfTag("id-ID")).toBe("id");
    expect(languageOfTag("en-US")).toBe("en");
    expect(languageOfTag("fr")).toBe("en");
    expect(languageOfTag(null)).toBe("en");
    expect(wordsIn("id").t("nav.shipments")).toBe("Pengiriman");
    expect(wordsIn("en").t("nav.shipments")).toBe("Shipments");
  });
});
