import type { TFunction } from "i18next";
import { eq, and } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { shipments, type Shipment } from "../db/schema";
import type { BuyerAnswer } from "../db/json-columns";
import { adminRequest, orderGid, type AdminGraphql } from "../admin-api/request";
import { ORDER_SHIPPING_ADDRESS_UPDATE } from "../admin-api/operations/order-address";
import { provinceCodeOf } from "../addresses/province-codes";
import { cancelHeldOrder, isHeldForCodRisk, releaseHold } from "../cod-risk/hold-actions.server";
import { latestOrder } from "../orders/order-store.server";
import type { ShipmentContents } from "../orders/map-types";
import { said } from "../i18n/said";
import { areaChoice, type AreaChoice } from "../shops/area-choice";
import { shippingClientForShop } from "../shops/shipping-client.server";
import { logger } from "../platform/logger.server";
import { BUYER, ShipmentActionError, type ActionDeps } from "../shipments/actions.server";
import { updateShipment } from "../shipments/shipments.server";
import { readBuyerLink } from "./buyer-link.server";

/**
 * What a held COD order's buyer sees and does from the link in the merchant's WhatsApp message
 * (app/routes/proxy.k.$token.tsx, through Shopify's app proxy): their order, the cash to pay and
 * the address, and three answers: confirm (the hold is released and the parcel booked), correct
 * the address (the store order's shipping address is updated in Shopify, whose orders/updated has
 * it assessed again), or cancel (the order is cancelled in Shopify, as the merchant's cancel). One
 * answer per link; nothing of the risk, and nothing the buyer did not type, is shown.
 */

export interface BuyerPageDeps extends ActionDeps {
  adminGraphql: AdminGraphql;
  appSecret: string;
}

/** The order as its buyer is shown it. */
export interface BuyerOrderFacts {
  orderName: string;
  name: string | null;
  address: string | null;
  items: { name: string; quantity: number }[];
  cod: number | null;
  /** Where the order's address is on the map, when the checkout gave coordinates. */
  coordinate: { latitude: number; longitude: number } | null;
}

export type BuyerPageState =
  | { kind: "unknown" }
  | { kind: "expired" }
  | { kind: "answered"; answer: BuyerAnswer; order: BuyerOrderFacts }
  | { kind: "closed"; order: BuyerOrderFacts }
  | { kind: "open"; shipment: Shipment; order: BuyerOrderFacts };

/** The page's state for a link, as of now: the shop must be the one Shopify's proxy names. */
export async function buyerPageState(
  deps: BuyerPageDeps,
  shop: string,
  token: string,
  now = new Date(),
): Promise<BuyerPageState> {
  const link = readBuyerLink(deps.appSecret, token, now);
  if (!link.ok) return { kind: link.why };
  const [shipment] = await deps.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.shop, shop), eq(shipments.id, link.shipmentId)));
  // Another shop's link, or a buyer redacted since: nothing to show.
  if (!shipment || shipment.redactedAt) return { kind: "unknown" };
  const order = await orderFacts(deps.db, shipment);
  if (shipment.buyerAnswer) return { kind: "answered", answer: shipment.buyerAnswer, order };
  if (!isHeldForCodRisk(shipment) || shipment.codRisk?.held?.cancelAskedAt)
    return { kind: "closed", order };
  return { kind: "open", shipment, order };
}

async function orderFacts(db: Db, shipment: Shipment): Promise<BuyerOrderFacts> {
  const contents = shipment.contents as ShipmentContents | null;
  const lines = contents?.ordered.length ? contents.ordered : (contents?.items ?? []);
  const stored = await latestOrder(db, shipment.shop, shipment.orderId);
  const at = stored.order?.shipping_address;
  const coordinate =
    at &&
    typeof at.latitude === "number" &&
    typeof at.longitude === "number" &&
    Number.isFinite(at.latitude) &&
    Number.isFinite(at.longitude)
      ? { latitude: at.latitude, longitude: at.longitude }
      : null;
  return {
    orderName: shipment.orderName ?? "",
    name: shipment.destinationName,
    address: shipment.destinationAddress,
    items: lines.map((line) => ({ name: line.name, quantity: line.quantity })),
    cod: shipment.codRisk?.held?.cod ?? (typeof contents?.cod === "number" ? contents.cod : null),
    coordinate,
  };
}

/** The buyer's "yes, I will pay on delivery": the hold released, the parcel booked. */
export async function confirmFromPage(deps: BuyerPageDeps, shipment: Shipment): Promise<void> {
  await releaseHold(deps, shipment.shop, shipment.id, "buyer");
}

/** The buyer's "no": the order cancelled in Shopify, as the merchant's cancel does it. */
export async function cancelFromPage(
  deps: BuyerPageDeps,
  shipment: Shipment,
  t: TFunction,
): Promise<"cancelled" | "asked"> {
  return cancelHeldOrder(deps, shipment.shop, shipment.id, t, "buyer");
}

/** Areas for the buyer's search, as the service finds them (at most 10). */
export async function searchAreasForBuyer(
  deps: BuyerPageDeps,
  shop: string,
  q: string,
): Promise<{ areas: AreaChoice[]; error: "tooShort" | "none" | "failed" | null }> {
  const query = q.trim().slice(0, 100);
  if (query.length < 3) return { areas: [], error: "tooShort" };
  try {
    const client = await shippingClientForShop(deps.db, deps.env, shop);
    const { areas } = await client.searchAreas(query);
    const found = areas.slice(0, 10).map(areaChoice);
    return { areas: found, error: found.length === 0 ? "none" : null };
  } catch (error) {
    // No key, the service refusing or silent: the buyer is told the search is not working now.
    logger.warn({ err: error, shop }, "the buyer's area search failed");
    return { areas: [], error: "failed" };
  }
}

/** What the buyer wrote for their address. */
export interface AddressForm {
  areaId: string;
  street: string;
  number: string;
  rt: string;
  rw: string;
  note: string;
}

export type AddressProblem = "area" | "street" | "number" | "rtRw";

/** What is missing or wrong in the form, in order. */
export function addressFormProblems(form: AddressForm): AddressProblem[] {
  const problems: AddressProblem[] = [];
  if (!form.areaId) problems.push("area");
  if (form.street.trim().length < 3) problems.push("street");
  if (!form.number.trim()) problems.push("number");
  if (
    (form.rt && !/^\d{1,3}$/.test(form.rt.trim())) ||
    (form.rw && !/^\d{1,3}$/.test(form.rw.trim()))
  )
    problems.push("rtRw");
  return problems;
}

/**
 * The address the buyer corrected, written on the store order in Shopify (its area from the
 * service by id, so only an area the service knows is written), and the answer kept: the link is
 * used, the timeline says what they wrote. Shopify then sends orders/updated, and the order is
 * assessed again with its new address (the follow path). A refusal from Shopify or the service is
 * thrown in words, nothing kept.
 */
export async function fixAddressFromPage(
  deps: BuyerPageDeps,
  shipment: Shipment,
  form: AddressForm,
): Promise<string> {
  const client = await shippingClientForShop(deps.db, deps.env, shipment.shop);
  const area = (await client.getArea(form.areaId)).areas[0];
  if (!area) throw new ShipmentActionError("buyerAreaGone", {}, 400);
  const rtRw = [form.rt && `RT ${form.rt.trim()}`, form.rw && `RW ${form.rw.trim()}`]
    .filter(Boolean)
    .join("/");
  const address1 = [`${form.street.trim()} No. ${form.number.trim()}`, rtRw]
    .filter(Boolean)
    .join(" ")
    .slice(0, 255);
  const district = area.administrative_division_level_3_name;
  const address2 = [district ? `Kec. ${district}` : null, form.note.trim() || null]
    .filter(Boolean)
    .join(", ")
    .slice(0, 255);
  const city = area.administrative_division_level_2_name ?? "";
  const provinceCode = provinceCodeOf(area.administrative_division_level_1_name);
  const zip =
    area.postal_code === null || area.postal_code === undefined ? "" : String(area.postal_code);
  if (!provinceCode || !zip) throw new ShipmentActionError("buyerAreaGone", {}, 400);
  const [firstName, ...rest] = (shipment.destinationName ?? "").trim().split(/\s+/);
  const { orderUpdate } = await adminRequest(
    deps.adminGraphql,
    shipment.shop,
    ORDER_SHIPPING_ADDRESS_UPDATE,
    {
      input: {
        id: orderGid(shipment.orderId),
        shippingAddress: {
          address1,
          address2: address2 || null,
          city,
          provinceCode,
          zip,
          countryCode: "ID",
          ...(firstName ? { firstName, lastName: rest.join(" ") } : {}),
          ...(shipment.destinationPhone ? { phone: shipment.destinationPhone } : {}),
        },
      },
    },
  );
  const refusal = orderUpdate?.userErrors[0]?.message;
  if (refusal || !orderUpdate?.order) {
    // Shopify's own words are English and name its fields: logged, not shown to the buyer.
    logger.warn({ shop: shipment.shop, refusal }, "Shopify did not take the buyer's address");
    throw new ShipmentActionError("buyerAddressRefused", {}, 400);
  }
  const written = [address1, address2, city, area.administrative_division_level_1_name, zip]
    .filter(Boolean)
    .join(", ");
  const answered = await updateShipment(
    deps.db,
    shipment,
    { buyerAnswer: { did: "fixed", at: new Date().toISOString(), address: written } },
    {
      actor: BUYER,
      type: "buyer_address_fixed",
      message: said("codRiskBuyerFixedAddress", { address: written }),
    },
  );
  if (!answered) throw new ShipmentActionError("changed");
  return written;
}
