/**
 * The first-run setup guide (Shopify's setup-guide pattern: steps with progress, each done by
 * itself once what it asks is in place). Each step is a section of the settings page, named by
 * that section's id, where the merchant does it:
 *  - `api-key`: the shipping service's key, checked against the service before it is kept;
 *  - `pickup`: where couriers collect parcels;
 *  - `courier`: the service a draft takes when the checkout chose none (a default courier or a
 *    courier rule);
 *  - `checkout-rates`: the couriers' rates at Shopify's checkout; a shop that charges shipping its
 *    own way skips it;
 *  - `events`: the service reaches the shop's events URL (its ping when the merchant saved the URL
 *    in the service's dashboard, or an event: `shops.service_events_at`).
 * The guide shows on the shipments page until every step is done or skipped, or the merchant
 * hides it (settings `setupGuideHidden`).
 */
import type { ShopSettings } from "./settings";

export const SETUP_STEPS = ["api-key", "pickup", "courier", "checkout-rates", "events"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** Steps a shop may do without: it charges shipping at checkout its own way. */
export const SKIPPABLE_STEPS = ["checkout-rates"] as const satisfies readonly SetupStep[];
export type SkippableStep = (typeof SKIPPABLE_STEPS)[number];

export const isSkippable = (step: string): step is SkippableStep =>
  (SKIPPABLE_STEPS as readonly string[]).includes(step);

/** What the guide is read from: the shop's row and settings, nothing else. */
export interface SetupFacts {
  apiKey: boolean;
  pickup: boolean;
  /** A default courier, or at least one courier rule. */
  courier: boolean;
  /** The shop's carrier service is registered (rates at checkout are on). */
  ratesOn: boolean;
  /** When the service last reached the events URL; null: never. */
  eventsAt: Date | null;
  skipped: readonly SkippableStep[];
  hidden: boolean;
}

export interface SetupGuide {
  steps: { id: SetupStep; done: boolean; skipped: boolean }[];
  /** Steps done or skipped. */
  finished: number;
  total: number;
  /** The first step neither done nor skipped, which the guide opens; null: all finished. */
  next: SetupStep | null;
  /** Whether the shipments page shows the guide. */
  show: boolean;
}

/** The facts, from the shop's row (none yet: nothing set) and its parsed settings. */
export function setupFactsOf(
  shop: {
    shippingApiKeyEncrypted: string | null;
    carrierServiceId: string | null;
    serviceEventsAt: Date | null;
  } | null,
  settings: Pick<
    ShopSettings,
    "pickup" | "defaultCourier" | "courierRules" | "setupSkipped" | "setupGuideHidden"
  >,
): SetupFacts {
  return {
    apiKey: Boolean(shop?.shippingApiKeyEncrypted),
    pickup: settings.pickup !== null,
    courier: settings.defaultCourier !== null || settings.courierRules.length > 0,
    ratesOn: Boolean(shop?.carrierServiceId),
    eventsAt: shop?.serviceEventsAt ?? null,
    skipped: settings.setupSkipped,
    hidden: settings.setupGuideHidden,
  };
}

export function setupGuide(facts: SetupFacts): SetupGuide {
  const done: Record<SetupStep, boolean> = {
    "api-key": facts.apiKey,
    pickup: facts.pickup,
    courier: facts.courier,
    "checkout-rates": facts.ratesOn,
    events: facts.eventsAt !== null,
  };
  const steps = SETUP_STEPS.map((id) => ({
    id,
    done: done[id],
    skipped: !done[id] && isSkippable(id) && facts.skipped.includes(id),
  }));
  const finished = steps.filter((s) => s.done || s.skipped).length;
  const next = steps.find((s) => !s.done && !s.skipped)?.id ?? null;
  return { steps, finished, total: steps.length, next, show: !facts.hidden && next !== null };
}
