import { describe, expect, it } from "vitest";
import { said } from "../i18n/said";
import type { MappingProblem } from "../orders/map-types";
import { MAX_PROBLEM_CHARS } from "../orders/problem-words";
import {
  PROBLEM_KINDS,
  isProblemKind,
  kindOfMapping,
  mappingProblem,
  problemKindWords,
  problemOf,
} from "./problem-kinds";
import { wordsIn } from "../i18n/i18n.server";

const mapping = (code: MappingProblem["code"], message: string): MappingProblem => ({
  code,
  message,
  said: said("verbatim", { text: `${message}. Fix it in Shopify.` }),
  fix: "Fix it in Shopify",
  blocking: true,
});

describe("problem kinds", () => {
  it.each(["en", "id"] as const)("every kind has words for the filter (%s)", (language) => {
    const { t } = wordsIn(language);
    for (const kind of PROBLEM_KINDS) {
      expect(problemKindWords(kind, t).label.length, kind).toBeGreaterThan(2);
      expect(problemKindWords(kind, t).hint.length, kind).toBeGreaterThan(10);
      expect(problemKindWords(kind, t).label, kind).not.toContain("problemKind.");
    }
    expect(new Set(PROBLEM_KINDS.map((k) => problemKindWords(k, t).label)).size).toBe(
      PROBLEM_KINDS.length,
    );
    expect(isProblemKind("address")).toBe(true);
    expect(isProblemKind("'; drop")).toBe(false);
  });

  it("files the order's mapping problems by what the merchant fixes", () => {
    expect(kindOfMapping("no_destination_phone")).toBe("address");
    expect(kindOfMapping("courier_needs_coordinates")).toBe("address");
    expect(kindOfMapping("zero_weight")).toBe("items");
    expect(kindOfMapping("no_pickup_location")).toBe("setup");
    expect(kindOfMapping("courier_not_offered")).toBe("courier");
    expect(kindOfMapping("cod_too_high")).toBe("order");
  });

  it("a problem of two kinds carries both, once each, with one text", () => {
    const p = mappingProblem([
      mapping("no_destination_phone", "No phone"),
      mapping("no_destination_locator", "No postal code"),
      mapping("zero_weight", "No weight"),
    ]);
    expect(p.problemKinds).toEqual(["address", "items"]);
    expect(p.problem).toBe(
      "No phone. Fix it in Shopify. No postal code. Fix it in Shopify. No weight. Fix it in Shopify.",
    );
  });

  it("bounds the text as every stored problem is bounded", () => {
    const p = problemOf("service", said("verbatim", { text: "x".repeat(5_000) }));
    expect(p.problem).toHaveLength(MAX_PROBLEM_CHARS);
    expect(p.problem.endsWith("…")).toBe(true);
    expect(p.problemKinds).toEqual(["service"]);
  });
});
