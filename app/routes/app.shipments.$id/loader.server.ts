/**
 * The shipment page's data: the shipment in the reader's words, its timeline, what the service says
 * now, its rates, attempts and parts, its returns, what the merchant may do, and whether work is in
 * flight (the page follows it). The page is route.tsx; its actions, action.server.ts.
 */
import { parcelCostWords } from "../../costs/words";
import { afterBookingWords } from "../../shipments/after-booking-words";
import { shopifyAdminGraphql } from "../../admin-api/gateway.server";
import { ADMIN_ORDER, pickupWords } from "../../returns/pickup-words.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { inFlight } from "../../shipments/in-flight";
import { timeOfEvent } from "../../shipments/event-time";
import { namedOnce } from "../../shipments/courier-names";
import { formatServiceDuration } from "../../platform/intl-format";
import { getShopSettings } from "../../shops/shops.server";
import { storedText } from "../../i18n/said";
import { actionDeps } from "../../shipments/action-deps.server";
import { httpUrlOrNull } from "../../platform/http-url";
import { db } from "../../db/index.server";
import { getEnv } from "../../platform/env.server";
import { draftRates } from "../../shipments/actions.server";
import { parcelRates } from "../../shipments/parcel-rates.server";
import type { Pricing } from "../../shipping/contract";
import type { ShippingClient } from "../../shipping/client.server";
import { RECORD_DAYS, provinceRecords } from "../../couriers/record.server";
import { recordWords, shortRecordWords } from "../../couriers/words";
import { getShipment, orderShipments, shipmentTimeline } from "../../shipments/shipments.server";
import { availableActions } from "../../shipments/available";
import { codAmount } from "../../shipments/cod";
import { ShippingAuthenticationError, ShippingNotFoundError } from "../../shipping/errors";
import {
  ShippingNotConfiguredError,
  shippingClientForShop,
} from "../../shops/shipping-client.server";
import { authenticate } from "../../shopify.server";
import { speechFor } from "../../shops/speech.server";
import { isOnlyKind, isProblemKind, problemKindWords } from "../../shipments/problem-kinds";
import { parcelWords } from "../../shipments/parcel-words";
import { pickupChoiceWords } from "../../shipments/pickup-words";
import { insuranceWords } from "../../shipments/insurance-words.server";
import { stuckHelp } from "../../shipments/stuck-help";
import { latestScan } from "../../shipments/stuck-help.server";
import { shipmentRiskWords } from "../../cod-risk/risk-words.server";
import { serviceWords, type ServiceWords } from "../../shipments/service-words";
import {
  actorName,
  describeStatus,
  eventChange,
  eventTitle,
  exactTime,
  formatMoney,
  relativeTime,
  valueWords,
  type Speech,
} from "../../shipments/status-words";
import { isRowId } from "../../platform/row-id";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const { t, locale } = speech;
  const words = valueWords(speech);
  const id = params.id ?? "";
  const shipment = isRowId(id) ? await getShipment(db, session.shop, id) : null;
  if (!shipment) throw new Response(t("actionError.notFound"), { status: 404 });
  const now = new Date();
  const status = describeStatus({ ...shipment, cod: codAmount(shipment) }, speech);
  const [timeline, history, returnPickups, settings] = await Promise.all([
    shipmentTimeline(db, session.shop, shipment.id),
    orderShipments(db, session.shop, shipment.orderId),
    // Customers' returns of this parcel, an open one quoted for its courier pickup.
    pickupWords(
      { db, env: getEnv(), graphql: shopifyAdminGraphql },
      session.shop,
      shipment,
      speech,
    ),
    getShopSettings(db, session.shop),
  ]);
  const stuck = stuckHelp(
    { ...shipment, bookedAt: shipment.label?.bookedAt ?? null },
    shipment.problemKinds.includes("stuck") ? await latestScan(db, shipment.id) : null,
    speech,
  );
  const attempts = history.filter((h) => h.part === shipment.part);
  // The current attempt of each of the order's shipments (part 1, 2, …): the list is by part, newest attempt first.
  const parts = history.filter((h, i) => i === 0 || history[i - 1]!.part !== h.part);

  // What the service says now (best effort: the page works while the service is down).
  let remote: ServiceWords | null = null;
  // The price the service charges (or would on booking now), as a number: said once on the page.
  let remotePrice: number | null = null;
  let remoteError: string | null = null;
  // Why the picker's services carry no price (a shipment without a draft that cannot be priced).
  let unpriced: string | null = null;
  let rates: {
    company: string;
    type: string;
    label: string;
    price: number;
    /** The service's record for this destination, in words; null with no parcel there yet. */
    record: string | null;
  }[] = [];
  // The shop's client to the service, made once for the page's calls; null when none was made.
  let client: ShippingClient | null = null;
  try {
    if (!shipment.draftOrderId && shipment.status === "pending") {
      // No draft (it could not be made): the services that can carry this parcel, with its price
      // from the service's rates; every service on the list, unpriced, where it cannot be priced.
      client = await shippingClientForShop(db, getEnv(), session.shop);
      const { couriers } = await client.getCouriers();
      const priced = await parcelRates(
        client,
        settings,
        shipment,
        couriers.map((c) => c.courier_code),
      );
      if ("pricing" in priced) {
        const records = await provinceRecords(db, session.shop, priced.province);
        rates = priced.pricing.map((p) => pricedRate(p, records, shipment.currency, speech));
      } else {
        unpriced = t(`shipment.chooser.unpriced.${priced.unpriced}`);
        rates = couriers.map((c) => {
          const name = namedOnce(c.courier_name, c.courier_service_name);
          const duration = formatServiceDuration(
            c.shipment_duration_range,
            c.shipment_duration_unit,
            locale,
          );
          return {
            company: c.courier_code,
            type: c.courier_service_code,
            label: duration ? `${name} (${duration})` : name,
            price: 0,
            record: null,
          };
        });
      }
    } else if (shipment.shippingOrderId || shipment.draftOrderId) {
      client = await shippingClientForShop(db, getEnv(), session.shop);
      if (shipment.shippingOrderId) {
        const order = await client.getOrder(shipment.shippingOrderId);
        remote = serviceWords({ kind: "order", order }, shipment.currency, speech);
        remotePrice = order.price ?? null;
      } else if (shipment.draftOrderId) {
        const draft = await client.getDraftOrder(shipment.draftOrderId);
        remote = serviceWords({ kind: "draft", draft }, shipment.currency, speech);
        remotePrice = draft.price ?? null;
        // Each service on offer with its record for this destination (the shop's own parcels).
        const [prices, records] = await Promise.all([
          draftRates(actionDeps(), session.shop, shipment.id),
          provinceRecords(db, session.shop, draft.destination?.province_name ?? null),
        ]);
        rates = prices.map((p) => pricedRate(p, records, shipment.currency, speech));
      }
    }
  } catch (error) {
    // What the merchant can do about it, not the service's or Node's words.
    remoteError =
      error instanceof ShippingNotFoundError
        ? t("shipment.service.gone")
        : error instanceof ShippingAuthenticationError
          ? t("shipment.service.keyRefused")
          : error instanceof ShippingNotConfiguredError
            ? t("shipment.service.notSetUp")
            : t("shipment.service.down");
  }
  return {
    shipment: {
      ...shipment,
      trackingUrl: httpUrlOrNull(shipment.trackingUrl),
      createdAt: shipment.createdAt.toISOString(),
      updatedAt: shipment.updatedAt.toISOString(),
      redactedAt: shipment.redactedAt?.toISOString() ?? null,
    },
    words: status,
    // One price: the one the service charges (or would on booking now); the app's earlier quote
    // beside it only when it differs, saying why.
    priceLine: priceLine(shipment, remotePrice, speech),
    // What the parcel really cost once booked: re-weighs, a return fee, what the customer paid.
    cost: parcelCostWords(shipment, speech),
    // What ships: items, weights, value, insurance, COD (the recipient is the shipment's own).
    parcel: parcelWords(shipment, speech),
    // A COD order likely to come back unpaid: why, from the shop's own history (until it ends),
    // and, held before booking, what is at stake and what the merchant can do.
    codRisk: await shipmentRiskWords(db, shipment, speech),
    // The card's heading beside a problem's banner: where the shipment stands, the problem said
    // once (in the banner), not twice.
    standing:
      shipment.status === "pending"
        ? // A COD risk hold waits on the merchant's decision: nothing is broken.
          t(
            isOnlyKind(shipment.problemKinds, "cod_risk")
              ? "shipment.notDraftedWhileHeld"
              : "shipment.notDraftedWhileProblem",
          )
        : describeStatus(
            { ...shipment, problem: null, problemSaid: null, cod: codAmount(shipment) },
            speech,
          ).sentence,
    // Where the problem is fixed: the order in Shopify (its address, items, the order itself), or
    // the app's settings.
    fixAt: shipment.problemKinds.some((k) => k === "address" || k === "items" || k === "order")
      ? ("order" as const)
      : shipment.problemKinds.includes("setup")
        ? ("settings" as const)
        : null,
    // What the questions before booking and cancelling say: the COD collected, and whether a
    // shipment made again is booked at once.
    ask: {
      cod: formatMoney(codAmount(shipment), shipment.currency, locale),
      autoConfirm: settings.autoConfirm,
    },
    // Work in flight (a request not yet taken up, a draft being made, a waybill to come, a
    // return pickup being booked): the page follows it without a reload (useLiveWhile).
    inFlight:
      inFlight(shipment, timeline.at(-1)?.type, { drafting: settings.autoCreateDrafts }) ||
      returnPickups.some((p) => p.booking),
    // The problem and the reason in the reader's words (as written, when kept as a sentence only).
    problemText: storedText(shipment.problem, shipment.problemSaid, t, words),
    decisionText: storedText(shipment.decision, shipment.decisionSaid, t, words),
    // What the merchant may do now, decided where the API decides it (app/shipments/available.ts).
    actions: availableActions(shipment),
    // After the booking: the customer's WhatsApp (a parcel in trouble or coming back), the COD and
    // what became of it, what became of a returned parcel.
    ...afterBookingWords(shipment, speech),
    // A parcel that stopped moving: the buyer's WhatsApp with the words written, and its facts for
    // the courier's customer service (both in Indonesian: theirs).
    ...stuckWords(stuck),
    // A prepaid parcel back with the shop: the one thing left, the refund, is Shopify's page.
    refundUrl:
      shipment.returnOutcome === "to_refund"
        ? `shopify://admin/orders/${shipment.orderId}/refund`
        : null,
    returnPickups,
    orderUrl: ADMIN_ORDER(shipment.orderId),
    // Newest first, in words: what happened, who or what did it, what changed, why, when.
    timeline: timeline
      .map((e) => {
        const facts = { actor: e.actor, type: e.type, from: e.fromStatus, to: e.toStatus };
        const title = eventTitle(facts, t);
        // The parcel's arrival or return at the time the COD page and its CSV give it too (the
        // courier's, never after the app heard of it); anything else when the app recorded it.
        const when = timeOfEvent(facts, shipment) ?? e.createdAt;
        // In the reader's words when the app kept it as data; as written otherwise. The status
        // change is the event's own line (`change`): a message's "status a → b" (an event written
        // before the change stopped being kept in it too) is not said twice.
        const message = storedText(e.message, e.said, t, words, "syncStatus");
        return {
          id: e.id,
          title,
          who: actorName(e.actor, t),
          change: eventChange(facts, t),
          // Not twice: a message that says no more than the headline is left out.
          message: message === title ? null : message,
          relative: relativeTime(when, now, locale),
          exact: exactTime(when, speech),
        };
      })
      .reverse(),
    remote,
    remoteError,
    rates,
    unpriced,
    // Insured or not and why, with the premium for the chosen courier (until it is booked).
    insurance: await insuranceWords(
      shipment.shippingOrderId || !shipment.draftOrderId ? null : client,
      settings,
      shipment,
      speech,
    ),
    // When the courier collects, and the slots still open to choose (until it is booked).
    pickup: pickupChoiceWords(shipment, settings.deliveryType, speech, now),
    recordDays: RECORD_DAYS,
    // This shipment's attempts (newest first), and the order's other shipments (one per location it ships from).
    history: attempts.map((h) => ({
      id: h.id,
      attempt: h.attempt,
      status: describeStatus(h, speech).label,
      referenceId: h.referenceId,
    })),
    latest: attempts[0]?.id === shipment.id,
    parts: parts.map((p) => ({
      id: p.id,
      part: p.part,
      location: p.shopifyLocationName,
      status: describeStatus(p, speech).label,
    })),
    problemTitle:
      shipment.problemKinds.filter(isProblemKind).length > 0
        ? t("statusSentence.needsAttention", {
            problem: shipment.problemKinds
              .filter(isProblemKind)
              .map((k) => problemKindWords(k, t).label.toLowerCase())
              .join(", "),
          })
        : t("status.needsAttention"),
  };
};

/** The stuck parcel's help, when there is one: its WhatsApp replaces the plain chat link. */
function stuckWords(stuck: ReturnType<typeof stuckHelp>) {
  return stuck ? { whatsapp: stuck.whatsapp, stuckFacts: stuck.facts } : { stuckFacts: null };
}

/** The shipment's price said once: the service's (charged, or charged on booking), the earlier quote beside it when they differ. */
function priceLine(
  shipment: { price: string | null; currency: string | null; shippingOrderId: string | null },
  remotePrice: number | null,
  { t, locale }: Speech,
): { price: string; was: string | null } | null {
  const kept = shipment.price === null ? null : Number(shipment.price);
  const amount = remotePrice ?? kept;
  if (amount === null) return null;
  const price = formatMoney(amount, shipment.currency, locale) ?? "";
  const was =
    remotePrice !== null && kept !== null && kept !== remotePrice
      ? t("shipment.priceWas", { quote: formatMoney(kept, shipment.currency, locale) })
      : null;
  return {
    price: shipment.shippingOrderId
      ? t("shipment.priceCharged", { price })
      : t("shipment.priceOnBooking", { price }),
    was,
  };
}

/** A service on offer for this parcel: its name once, its price, how long it takes, its record here. */
function pricedRate(
  p: Pricing,
  records: Awaited<ReturnType<typeof provinceRecords>>,
  currency: string | null,
  speech: Awaited<ReturnType<typeof speechFor>>,
) {
  const record = records.get(`${p.courier_code}/${p.courier_service_code}`);
  const short = shortRecordWords(record, speech);
  const duration = formatServiceDuration(
    p.shipment_duration_range,
    p.shipment_duration_unit,
    speech.locale,
  );
  const name = namedOnce(
    p.courier_name ?? p.courier_code,
    p.courier_service_name ?? p.courier_service_code,
  );
  const price = formatMoney(p.price, p.currency ?? currency, speech.locale);
  return {
    company: p.courier_code,
    type: p.courier_service_code,
    label: `${name}: ${price}${duration ? `, ${duration}` : ""}${short ? ` · ${short}` : ""}`,
    price: p.price,
    record: recordWords(record, RECORD_DAYS, speech),
  };
}
