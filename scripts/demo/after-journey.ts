/**
 * What the demo says after the couriers are done: the delivered cash-on-delivery parcels whose
 * Shopify order the app marked paid, and the parcel that came back, restocked and its order
 * closed, as the fake Admin API recorded Shopify being asked (not as the app's own rows claim).
 */
import type { Shipment } from "#app/db/schema.ts";
import { codAmount } from "#app/shipments/cod.ts";
import { wordsIn } from "#app/i18n/i18n.server.ts";
import { afterBookingWords } from "#app/shipments/after-booking-words.ts";
import { DEFAULT_TIME_ZONE } from "#app/platform/zoned-time.ts";
import { formatMoney } from "#app/shipments/status-words.ts";
import { parcelCostWords } from "#app/costs/words.ts";
import { storedText } from "#app/i18n/said.ts";
import { valueWords } from "#app/shipments/status-words.ts";
import { SHOP, type DemoStack } from "./stack.ts";

export interface AfterTheJourney {
  lines: string[];
  /** What the demo should have shown and did not (the demo then fails). */
  missing: string[];
  markedPaid: number;
  restockedUnits: number;
  cancelled: number;
}

const indonesian = { ...wordsIn("id"), timeZone: DEFAULT_TIME_ZONE };

export function afterTheJourney(
  stack: DemoStack,
  rows: Shipment[],
  returnedOrderId: string | null,
  reweighedOrderId: string | null,
  stalledOrderId: string | null,
): AfterTheJourney {
  const log = stack.shopify.log;
  const paid = (log.markedPaid ?? []).filter((m) => m.shop === SHOP);
  const restocks = (log.restocks ?? []).filter((r) => r.shop === SHOP);
  const cancellations = (log.cancellations ?? []).filter((c) => c.shop === SHOP);
  const name = (orderId: string) => rows.find((r) => r.orderId === orderId)?.orderName ?? orderId;
  const lines: string[] = [];
  // What the shop's admin says of each, in Bahasa Indonesia (the demo's shop is Indonesian).
  const admin = (orderId: string) => {
    const row = rows.find((r) => r.orderId === orderId);
    return row ? afterBookingWords(row, indonesian) : null;
  };
  for (const m of paid)
    lines.push(
      `Delivered COD ${name(m.orderId)}: the courier collected ${formatMoney(m.amount, "IDR")}; the order was marked paid in Shopify. The admin: "${admin(m.orderId)?.cod ?? "-"}"`,
    );
  const returned = rows.find((r) => r.orderId === returnedOrderId);
  const units = restocks.reduce((n, r) => n + r.quantity, 0);
  if (returned)
    lines.push(
      `Returned COD ${returned.orderName}: ${units} item${units === 1 ? "" : "s"} restocked in Shopify${
        cancellations.some((c) => c.orderId === returned.orderId)
          ? `, the order cancelled with nothing owed (${formatMoney(codAmount(returned), "IDR")} not collected)`
          : ""
      }. The admin: "${admin(returned.orderId)?.returned ?? "-"}"${
        returned.returnFee ? `; return fee ${formatMoney(Number(returned.returnFee), "IDR")}` : ""
      }`,
    );
  // The parcel the courier re-weighed: its quote, what it was charged, in the page's words.
  const reweighed = rows.find((r) => r.orderId === reweighedOrderId);
  const costWords = reweighed ? parcelCostWords(reweighed, indonesian) : null;
  if (reweighed)
    lines.push(
      `Re-weighed ${reweighed.orderName}: quoted ${formatMoney(Number(reweighed.quotedPrice), "IDR")}, charged ${formatMoney(Number(reweighed.price), "IDR")}. The admin: "${costWords?.lines[0] ?? "-"}"`,
    );
  // The parcel that stopped moving: marked stuck, and Shopify told once that it is delayed.
  const stalled = rows.find((r) => r.orderId === stalledOrderId);
  const delayed = (log.fulfillmentEvents ?? []).filter(
    (e) => e.shop === SHOP && e.status === "DELAYED",
  );
  if (stalled)
    lines.push(
      `Stuck ${stalled.orderName}: ${delayed.length} DELAYED event told to Shopify. The admin: "${storedText(stalled.problem, stalled.problemSaid, indonesian.t, valueWords(indonesian)) ?? "-"}"`,
    );
  const missing = [
    paid.length === 0 ? "no delivered COD order was marked paid in Shopify" : null,
    units === 0 ? "the returned parcel was not restocked in Shopify" : null,
    returned && !cancellations.some((c) => c.orderId === returned.orderId)
      ? "the returned COD order was not cancelled in Shopify"
      : null,
    returned && !Number(returned.returnFee)
      ? "the returned parcel's return fee was not kept"
      : null,
    reweighed && !(Number(reweighed.price) > Number(reweighed.quotedPrice))
      ? "the re-weighed parcel's higher price was not kept"
      : null,
    stalled && !stalled.problemKinds.includes("stuck")
      ? "the parcel that stopped moving was not marked stuck"
      : null,
    stalled && delayed.length !== 1 ? "Shopify was not told once of the stuck parcel" : null,
  ].filter((m): m is string => m !== null);
  return {
    lines,
    missing,
    markedPaid: paid.length,
    restockedUnits: units,
    cancelled: cancellations.length,
  };
}
