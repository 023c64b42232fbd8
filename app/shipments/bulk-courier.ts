import type { Shipment } from "../db/schema";
import { stillOpen } from "./available";

/** Whether the merchant can still change a shipment's courier (as chooseCourier allows it). */
export const courierChangeable = (
  s: Pick<Shipment, "status" | "shippingOrderId" | "draftOrderId">,
): boolean => stillOpen(s) && (Boolean(s.draftOrderId) || s.status === "pending");

/** What the list's "change courier" shows, in the merchant's words: each service side by side. */
export interface CourierPricesAnswer {
  /** Shipments ticked whose courier can change (not booked yet). */
  changeable: number;
  /** Shipments ticked that are booked or closed: their courier stays. */
  fixed: number;
  /** Changeable shipments the service would not price (no weight, no address, no route). */
  unpriced: number;
  /** The service could not be asked (down, or no key), in words; nothing to choose then. */
  error: string | null;
  services: {
    key: string;
    company: string;
    type: string;
    name: string;
    /** "SiCepat Reguler · 2–3 hari" */
    label: string;
    /** "Rp123.000 untuk 8 dari 10 paket · Rp6.000 lebih murah dari kurir sekarang" */
    detail: string;
    /** The shipments it can carry: those it would be set on. */
    ids: string[];
  }[];
}
