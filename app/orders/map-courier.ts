import { said } from "../i18n/said";
import { INSTANT_COURIERS } from "../shipping/codes";
import { courierLabel, matchShippingLine } from "./courier-match";
import type { CourierSource, MappingInput, MappingProblem } from "./map-types";

/**
 * The draft's courier: the merchant's choice for the shipment, else the checkout's shipping line
 * matched to a service the shipping service offers, else the shop's default, else none (the
 * merchant chooses). An instant courier needs both ends' coordinates.
 */

export function chooseCourier(input: MappingInput): CourierSource {
  if (input.chosenCourier) return { from: "merchant", ...input.chosenCourier };
  const lines = (input.order.shipping_lines ?? []).filter((l) => !l.is_removed);
  for (const line of lines) {
    const match = matchShippingLine(line, input.couriers ?? []);
    if (match)
      return { from: "checkout", company: match.company, type: match.type, via: match.via };
  }
  const named = lines.map((l) => l.title ?? l.code).filter(Boolean);
  if (input.settings.defaultCourier)
    return {
      from: "default",
      ...input.settings.defaultCourier,
      ...(named.length ? { via: said("namesNoService", { names: named.join(", ") }) } : {}),
    };
  return {
    from: "none",
    reason: named.length
      ? said("noCourierLine", { names: named.join(", ") })
      : said("noCourierNoLine"),
  };
}

/**
 * An instant courier without both coordinates is not drafted with: the draft goes without a
 * courier, with a warning. Null: the courier stands.
 */
export function instantCourierWithoutCoordinates(
  courier: CourierSource,
  hasCoordinates: boolean,
): { courier: CourierSource; problem: MappingProblem } | null {
  if (courier.from === "none" || !INSTANT_COURIERS.has(courier.company.toLowerCase())) return null;
  if (hasCoordinates) return null;
  const label = courierLabel(courier.company, courier.type);
  return {
    problem: {
      code: "courier_needs_coordinates",
      message: `${label} delivers instantly and needs coordinates of the pickup location and the destination`,
      said: said("courierNeedsCoordinates", {
        courier: { courier: courier.company, service: courier.type },
      }),
      fix: "Choose another courier for this shipment, or add coordinates",
      blocking: false,
    },
    courier: {
      from: "none",
      reason: said("needsCoordinatesBoth", {
        courier: { courier: courier.company, service: courier.type },
      }),
    },
  };
}
