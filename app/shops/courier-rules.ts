import { z } from "zod";

/**
 * The shop's courier rules, stored with its settings: ordered, each a set of conditions an order
 * must all meet and what then picks its courier service. They are read when a draft is made for an
 * order whose checkout did not choose a service (app/couriers/rules/, worker/shared/courier-rules.ts);
 * the first rule whose conditions hold and whose action finds a service decides.
 */

export const RULE_ACTIONS = ["service", "cheapest", "fastest", "best", "hold"] as const;
export type RuleActionKind = (typeof RULE_ACTIONS)[number];

export const RULE_PAYMENTS = ["any", "cod", "prepaid"] as const;

/** A range of whole numbers; either end may be open. */
const range = z
  .object({
    min: z.number().int().nonnegative().nullable().default(null),
    max: z.number().int().nonnegative().nullable().default(null),
  })
  .prefault({});

export const ruleConditionsSchema = z.object({
  /** Destination provinces by code (app/shipping/provinces.ts); empty: any. */
  provinces: z.array(z.string().min(2).max(2)).max(38).default([]),
  /** Destination cities or regencies as written ("Jayapura", "Kabupaten Bogor"); empty: any. */
  cities: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  payment: z.enum(RULE_PAYMENTS).default("any"),
  /** The parcel's declared weight, grams. */
  grams: range,
  /** The parcel's goods value, rupiah. */
  value: range,
  /** Any item's product type (case-insensitive); empty: any. */
  productTypes: z.array(z.string().trim().min(1).max(80)).max(20).default([]),
  /** Any item's product tag (case-insensitive); empty: any. */
  tags: z.array(z.string().trim().min(1).max(80)).max(20).default([]),
});
export type RuleConditions = z.infer<typeof ruleConditionsSchema>;

export const ruleActionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("service"), company: z.string().min(1), type: z.string().min(1) }),
  z.object({ kind: z.literal("cheapest") }),
  z.object({ kind: z.literal("fastest") }),
  /** The offered service with the best first-attempt rate to the province, at least `minRate` percent. */
  z.object({ kind: z.literal("best"), minRate: z.number().int().min(0).max(100) }),
  /** No courier: the draft waits for the merchant's choice. */
  z.object({ kind: z.literal("hold") }),
]);
export type RuleAction = z.infer<typeof ruleActionSchema>;

export const courierRuleSchema = z.object({
  /** The merchant's name for the rule ("COD ke Papua"). */
  name: z.string().trim().min(1).max(60),
  when: ruleConditionsSchema.prefault({}),
  then: ruleActionSchema,
});
export type CourierRule = z.infer<typeof courierRuleSchema>;

/** At most this many rules: each is read for every order the checkout left without a service. */
export const MAX_COURIER_RULES = 30;

export const courierRulesSchema = z.array(courierRuleSchema).max(MAX_COURIER_RULES);
