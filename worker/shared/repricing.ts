import type { Shipment } from "#app/db/schema.ts";
import { costOf, declaredGramsOf, reweighSaid } from "#app/costs/reweigh.ts";
import { rupiah, said, type Said } from "#app/i18n/said.ts";
import type { ShipmentFields, ShipmentPatch } from "#app/shipments/shipments.server.ts";

/** Statuses of a parcel that turned back: a price rise then is the courier's return fee. */
const TURNED_BACK = new Set(["return_in_transit", "returned", "disposed"]);

export interface Repriced {
  patch: ShipmentFields;
  note: Said;
  /** The timeline's event: a re-weigh, a return fee, or a price that moved otherwise. */
  type: "reweighed" | "return_fee" | "synced";
}

/**
 * A booked parcel's new price from the service: after it turned back, the rise is its return fee
 * (added to what it had); before, a rise over the quote is the courier's re-weigh. A parcel booked
 * before its quote was kept only takes the new price. `patch` is what the same sync changes
 * already (the status, the fees).
 */
export function repricing(current: Shipment, patch: ShipmentPatch, price: string): Repriced {
  const base: ShipmentFields = { price };
  const plain = said("syncPrice", {
    from: current.price === null ? said("none") : rupiah(Number(current.price)),
    to: rupiah(Number(price)),
  });
  if (current.quotedPrice === null || current.price === null)
    return { patch: base, note: plain, type: "synced" };
  const rise = Number(price) - Number(current.price);
  if (TURNED_BACK.has(patch.status ?? current.status)) {
    const returnFee = Math.max(0, Number(current.returnFee ?? 0) + rise);
    return {
      patch: { ...base, returnFee: String(returnFee) },
      note: said("returnFee", { fee: rupiah(returnFee), final: rupiah(Number(price)) }),
      type: "return_fee",
    };
  }
  const after = costOf({ ...current, ...patch, price });
  return {
    patch: base,
    note: rise > 0 ? reweighSaid(after, declaredGramsOf(current)) : plain,
    type: rise > 0 ? "reweighed" : "synced",
  };
}
