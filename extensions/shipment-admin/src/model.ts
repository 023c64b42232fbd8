/**
 * The extension's logic, free of UI: what the app's API answered → what the block shows and
 * which buttons it offers. Kept pure so it is unit-tested without the admin.
 */
export type Action = "create" | "confirm" | "cancel" | "retry";

export interface ShipmentSummary {
  id: string;
  status: string;
  problem: string | null;
  courier: { company: string; type: string | null } | null;
  waybill: string | null;
  trackingUrl: string | null;
  price: number | null;
  currency: string | null;
  updatedAt: string;
  actions: Action[];
}

export interface BlockView {
  heading: string;
  tone: "success" | "warning" | "critical" | "info";
  lines: string[];
  tracking: { label: string; url: string } | null;
  buttons: { action: Action; label: string; destructive: boolean }[];
}

const LABELS: Record<Action, string> = { create: "Create shipment", confirm: "Confirm shipment", cancel: "Cancel shipment", retry: "Retry" };

export function statusLabel(status: string): string {
  const text = status.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function formatPrice(price: number | null, currency: string | null): string | null {
  if (price === null) return null;
  return `${currency ?? ""} ${price.toLocaleString("en-US")}`.trim();
}

export function describeShipment(shipment: ShipmentSummary | null): BlockView {
  if (!shipment) {
    return {
      heading: "No shipment",
      tone: "info",
      lines: ["The app has not received this order (placed before the app was installed, or its webhook was lost). Create its shipment to read it from Shopify."],
      tracking: null,
      buttons: [{ action: "create", label: LABELS.create, destructive: false }],
    };
  }
  const lines: string[] = [];
  if (shipment.courier) lines.push(`Courier: ${shipment.courier.company.toUpperCase()} ${shipment.courier.type ?? ""}`.trim());
  const price = formatPrice(shipment.price, shipment.currency);
  if (price) lines.push(`Price: ${price}`);
  if (shipment.problem) lines.push(`Needs attention: ${shipment.problem}`);
  const tone = shipment.problem ? "critical" : shipment.status === "delivered" ? "success" : ["pending", "draft_placed", "draft_ready"].includes(shipment.status) ? "warning" : "info";
  return {
    heading: statusLabel(shipment.status),
    tone,
    lines,
    tracking: shipment.waybill ? { label: shipment.waybill, url: shipment.trackingUrl ?? "" } : null,
    buttons: shipment.actions.map((action) => ({ action, label: LABELS[action], destructive: action === "cancel" })),
  };
}

export interface BulkResult {
  orderId: string;
  ok: boolean;
  message: string;
}

export function bulkSummary(results: BulkResult[]): string {
  const ok = results.filter((r) => r.ok).length;
  const failed = results.length - ok;
  if (results.length === 0) return "No orders selected";
  return failed === 0 ? `${ok} shipment${ok === 1 ? "" : "s"} queued` : `${ok} queued, ${failed} not: ${results.filter((r) => !r.ok).map((r) => `#${r.orderId} (${r.message})`).join(", ")}`;
}

/** The order's numeric id from the admin's gid. */
export function orderIdFromGid(gid: string): string {
  return gid.replace(/^gid:\/\/shopify\/Order\//, "");
}
