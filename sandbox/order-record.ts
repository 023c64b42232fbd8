import type { OrderStatus } from "#app/shipping/contract.ts";
import type { Quote } from "./pricing.ts";
import type { ShipmentSpec } from "./validation.ts";

/** An order as the sandbox keeps it (orders.ts makes and changes it, lifecycle.ts moves it). */
export interface OrderRecord {
  id: string;
  shortId: string;
  draftOrderId: string | null;
  spec: ShipmentSpec;
  status: OrderStatus;
  quote: Quote;
  /**
   * Null until the courier assigns one, for services without an instant waybill
   * (`available_for_instant_waybill_id: false`): given when the courier is allocated.
   */
  waybillId: string | null;
  trackingId: string;
  history: { status: OrderStatus; note: string; service_type: string; updated_at: string }[];
  driver: { name: string | null; phone: string | null; plate: string | null; photo: string | null };
  cancellation: { code: string; reason: string | null } | null;
  invoiceId: string;
  /** The courier stopped scanning it (the `stalled` journey): the clock's steps leave it where it is. */
  stalled?: boolean;
  createdAt: string;
  updatedAt: string;
}
