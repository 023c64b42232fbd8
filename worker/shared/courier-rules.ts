import { DelayedError } from "bullmq";
import { said, rupiah, type Said } from "#app/i18n/said.ts";
import { provinceRecords } from "#app/couriers/record.server.ts";
import { ruleFactsOf } from "#app/couriers/rules/facts.ts";
import { matchingRules } from "#app/couriers/rules/match.ts";
import { offersOf, pickOffer, type Offer, type Pick } from "#app/couriers/rules/pick.ts";
import type { LaneFigures } from "#app/couriers/figures.ts";
import type { CourierSource, MappingResult, ProductInfo } from "#app/orders/map-types.ts";
import type { ShopifyOrder } from "#app/orders/payload.ts";
import { INSTANT_COURIERS } from "#app/shipping/codes.ts";
import type { CourierService, DraftOrderCreateRequest } from "#app/shipping/contract.ts";
import { ShippingValidationError } from "#app/shipping/errors.ts";
import { provinceByCode } from "#app/shipping/provinces.ts";
import type { CourierRule } from "#app/shops/courier-rules.ts";
import type { ShippingAccess } from "#app/shops/shipping-client.server.ts";
import { withoutCourier } from "./draft-order.ts";
import { ratesRequestOf } from "./rates-request.ts";
import type { Ctx } from "./shipment-context.ts";

/**
 * The shop's courier rules at draft time (app/shops/courier-rules.ts): for an order whose checkout
 * chose no service, the first rule whose conditions the parcel meets and whose action finds a
 * service picks it, before the shop's default courier. A rule that names a service or holds reads
 * nothing more; cheapest, fastest and best record ask the service's rates for the parcel once (one
 * `rates` call, whichever of them ask), and best record reads the shop's courier record for the
 * destination province (one indexed statement). What picked and why goes on the timeline.
 */

/** The couriers a rates request names: the key's list, instant ones only with both coordinates. */
function courierCodes(
  couriers: readonly CourierService[] | null,
  request: DraftOrderCreateRequest,
): string {
  const coordinates = !!request.origin_coordinate && !!request.destination_coordinate;
  const codes = new Set(
    (couriers ?? [])
      .map((c) => c.courier_code)
      .filter((code) => coordinates || !INSTANT_COURIERS.has(code.toLowerCase())),
  );
  return [...codes].join(",");
}

interface RatesSeen {
  offers: Offer[];
  /** The destination's province as the service names it (the courier record's lanes). */
  province: string | null;
}

export interface RuleInput {
  rules: readonly CourierRule[];
  order: ShopifyOrder;
  products: ReadonlyMap<string, ProductInfo>;
  mapped: MappingResult;
  couriers: readonly CourierService[] | null;
}

/**
 * The courier the shop's rules pick for the draft, or null when no rule decides (the checkout's
 * or the merchant's choice stands, or the default courier goes). A rate limit defers the job; a
 * rates answer the service refuses leaves the asking rules without a service.
 */
export async function courierByRules(
  ctx: Ctx,
  access: ShippingAccess,
  shop: string,
  input: RuleInput,
): Promise<CourierSource | null> {
  const { rules, mapped } = input;
  const request = mapped.request;
  if (rules.length === 0 || !request) return null;
  if (mapped.courier.from === "merchant" || mapped.courier.from === "checkout") return null;
  const facts = ruleFactsOf(input.order, request, input.products);
  let rates: Promise<RatesSeen> | undefined;
  const ratesOnce = () => (rates ??= ratesFor(ctx, access, request, input.couriers));
  let records: Map<string, LaneFigures> | undefined;
  /** The destination's province as the record names it: the rates answer's, else the address's. */
  let province: string | null = null;
  for (const { rule, number } of matchingRules(rules, facts)) {
    const ruleWords = { number, rule: rule.name };
    const { then } = rule;
    if (then.kind === "hold") return { from: "none", reason: said("ruleHolds", ruleWords) };
    if (then.kind === "service")
      return {
        from: "rule",
        company: then.company,
        type: then.type,
        via: said("ruleChose", { ...ruleWords, why: said("ruleWhyService") }),
      };
    const seen = await ratesOnce();
    if (then.kind === "best" && !records) {
      province = seen.province ?? provinceByCode(facts.province)?.name ?? null;
      records = await provinceRecords(ctx.deps.db, shop, province);
    }
    const picked = pickOffer(then, seen.offers, records ?? new Map());
    if (picked)
      return {
        from: "rule",
        company: picked.offer.company,
        type: picked.offer.type,
        via: said("ruleChose", { ...ruleWords, why: whyPicked(picked, province ?? "") }),
      };
  }
  return null;
}

function whyPicked(picked: Pick, province: string): Said {
  const { offer } = picked;
  if (picked.kind === "cheapest") return said("ruleWhyCheapest", { price: rupiah(offer.price) });
  if (picked.kind === "fastest")
    return offer.range
      ? said(offer.unit === "hours" ? "ruleWhyFastestHours" : "ruleWhyFastestDays", {
          range: offer.range,
        })
      : said("ruleWhyFastestUnstated");
  return said("ruleWhyBest", {
    province,
    rate: Math.round(picked.rate * 100),
    count: picked.of,
  });
}

async function ratesFor(
  ctx: Ctx,
  access: ShippingAccess,
  request: DraftOrderCreateRequest,
  couriers: readonly CourierService[] | null,
): Promise<RatesSeen> {
  const codes = courierCodes(couriers, request);
  if (!codes) return { offers: [], province: null };
  try {
    const answer = await ctx.call(access.apiKey, "rates", () =>
      access.client.getRates(ratesRequestOf(request, codes)),
    );
    return {
      offers: offersOf(answer.pricing, request.destination_cash_on_delivery != null),
      province: answer.destination?.administrative_division_level_1_name ?? null,
    };
  } catch (error) {
    if (error instanceof DelayedError || !(error instanceof ShippingValidationError)) throw error;
    ctx.log.warn({ err: error.message }, "no rates for the courier rules");
    return { offers: [], province: null };
  }
}

/** The draft request and mapping with the courier the rules chose (or none, held for the merchant). */
export function withRuleCourier(mapped: MappingResult, courier: CourierSource): MappingResult {
  const rest = withoutCourier(mapped.request!);
  return {
    ...mapped,
    courier,
    request:
      courier.from === "none"
        ? rest
        : { ...rest, courier_company: courier.company, courier_type: courier.type },
  };
}
