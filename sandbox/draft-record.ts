import type { Quote } from "./pricing.ts";
import type { Body } from "./routes.ts";
import type { ShipmentSpec } from "./validation.ts";

/** A draft order as the sandbox keeps it (drafts.ts makes and changes it). */
export interface DraftRecord {
  id: string;
  body: Body;
  spec: ShipmentSpec;
  status: "placed" | "ready" | "confirmed";
  quote: Quote | null;
  orderId: string | null;
  invoiceId: string;
  createdAt: string;
  updatedAt: string;
  placedAt: string | null;
  readyAt: string | null;
  confirmedAt: string | null;
  deletedAt: string | null;
}
