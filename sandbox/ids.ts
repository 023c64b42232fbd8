import crypto from "node:crypto";
import type { CourierServiceDef } from "./catalogue.ts";

/**
 * The ids the sandbox gives out, as the service's look: random hex for drafts, orders,
 * locations and the rest, and each courier's own waybill format.
 */
export const hex = (bytes: number) => crypto.randomBytes(bytes).toString("hex");

const WAYBILL_PREFIX: Record<string, string> = {
  jne: "CGK",
  sicepat: "0026",
  anteraja: "1000",
  jnt: "JP",
  tiki: "0300",
  ninja: "NLIDAP",
  lion: "11LP",
  sap: "SAP",
  pos: "P",
  grab: "IN-",
  gojek: "GK-",
  paxel: "PXL",
  lalamove: "LLM",
  borzo: "BRZ",
};
export function waybillFor(service: CourierServiceDef): string {
  const digits = String(crypto.randomInt(1e9, 1e10 - 1)) + String(crypto.randomInt(100, 999));
  return `${WAYBILL_PREFIX[service.courierCode] ?? "WB"}${digits}`;
}
