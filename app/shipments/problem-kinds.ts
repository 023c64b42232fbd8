import type { TFunction } from "i18next";
import { inEnglish, type Said } from "../i18n/said";
import type { MappingProblem } from "../orders/map-types";
import { bounded } from "../orders/problem-words";

/**
 * What kind of problem a shipment has, for the merchant to take the same kind together ("every
 * order without a phone number", "everything Shopify refused"). Every writer of a problem says its
 * kind: a `ShipmentPatch` that sets a problem text must carry its kinds (see `Problem`), so a new
 * problem cannot be written without one. A shipment can have several (no phone and no weight).
 */
export const PROBLEM_KINDS = [
  "setup",
  "address",
  "items",
  "courier",
  "order",
  "cod_risk",
  "service",
  "after_booking",
  "delivery",
  "stuck",
  "returned",
  "reweighed",
  "shopify",
  "other",
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** The filter's words: a short label and what the merchant does about that kind. */
export function problemKindWords(kind: ProblemKind, t: TFunction): { label: string; hint: string } {
  return {
    label: t(`problemKind.${kind}.label` as "problemKind.setup.label"),
    hint: t(`problemKind.${kind}.hint` as "problemKind.setup.hint"),
  };
}

export const isProblemKind = (value: unknown): value is ProblemKind =>
  (PROBLEM_KINDS as readonly unknown[]).includes(value);

/**
 * A problem as it is written on a shipment: its messages as data (kinds and values, said in the
 * reader's language), the same in English (the `problem` column), and its kinds (at least one).
 */
export interface Problem {
  problem: string;
  problemSaid: Said[];
  problemKinds: [ProblemKind, ...ProblemKind[]];
}

/** A problem of one kind; its English text bounded (MAX_PROBLEM_CHARS). */
export function problemOf(kind: ProblemKind, message: Said | readonly Said[]): Problem {
  const messages = Array.isArray(message) ? [...message] : [message as Said];
  return { problem: bounded(inEnglish(messages)), problemSaid: messages, problemKinds: [kind] };
}

const MAPPING_KINDS: Record<MappingProblem["code"], ProblemKind> = {
  no_pickup_location: "setup",
  no_shipping_address: "address",
  no_destination_phone: "address",
  no_destination_locator: "address",
  courier_needs_coordinates: "address",
  zero_weight: "items",
  weightless_line: "items",
  cod_too_high: "order",
  courier_not_offered: "courier",
};

export const kindOfMapping = (code: MappingProblem["code"]): ProblemKind => MAPPING_KINDS[code];

/** The order's mapping problems in one text a merchant reads, with every kind among them. */
export function mappingProblem(problems: readonly MappingProblem[]): Problem {
  const kinds = [...new Set(problems.map((p) => kindOfMapping(p.code)))];
  const messages = problems.map((p) => p.said);
  return {
    problem: bounded(inEnglish(messages)),
    problemSaid: messages,
    problemKinds: kinds.length > 0 ? (kinds as Problem["problemKinds"]) : ["order"],
  };
}

/** The shipment's problem is of this one kind alone (its writer may clear it without touching others). */
export const isOnlyKind = (kinds: readonly string[], kind: ProblemKind): boolean =>
  kinds.length > 0 && kinds.every((k) => k === kind);
