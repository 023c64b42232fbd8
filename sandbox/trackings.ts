import type http from "node:http";
import { CODES } from "#app/shipping/contract.ts";
import { findCourier } from "./catalogue.ts";
import type { OrderRecord } from "./order-record.ts";
import type { AddRoute } from "./routes.ts";
import type { ServiceCore } from "./service-core.ts";
import { driverJson } from "./shipment-json.ts";
import { SandboxError } from "./validation.ts";

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Trackings: `/v1/trackings/…` (statuses in camelCase, as the live tracking endpoints spell them) and the public pages. */
export class Trackings {
  constructor(private readonly s: ServiceCore) {}

  byTrackingId(key: string, trackingId: string) {
    const order = [...this.s.account(key).orders.values()].find((o) => o.trackingId === trackingId);
    // The documentation's code for an unknown tracking id. A waybill is not a tracking id: a client
    // that asks this endpoint for one gets this answer too (a waybill needs …/couriers/:code).
    if (!order)
      throw new SandboxError(
        400,
        CODES.trackingNotFound,
        `Failed to retrieve tracking number. ${trackingId} is not a tracking id of this account (a waybill is tracked with GET /v1/trackings/:waybill_id/couriers/:courier_code)`,
      );
    return this.json(order);
  }

  byWaybill(key: string, waybillId: string, courierCode: string) {
    const code = courierCode.trim().toLowerCase();
    if (findCourier(code).length === 0)
      throw new SandboxError(
        400,
        CODES.courierUnknown,
        `courier ${courierCode} is not a known courier`,
      );
    const order = [...this.s.account(key).orders.values()].find(
      (o) => o.waybillId === waybillId && o.spec.service!.courierCode === code,
    );
    if (!order)
      throw new SandboxError(
        400,
        CODES.waybillNotFound,
        `Waybill not found. It's either not activated or expired (${waybillId} of ${code})`,
      );
    return this.json(order);
  }

  /** Any account's order by its tracking id (the public page needs no key). */
  find(trackingId: string): OrderRecord | undefined {
    for (const [, account] of this.s.accountEntries()) {
      for (const order of account.orders.values())
        if (order.trackingId === trackingId) return order;
    }
    return undefined;
  }

  private json(order: OrderRecord) {
    return {
      success: true,
      // Sic: the live tracking answers spell it with three s; `message` too, for clients that read that.
      messsage: "Successfully get tracking info",
      message: "Successfully get tracking info",
      object: "tracking",
      id: order.trackingId,
      waybill_id: order.waybillId,
      courier: {
        company: order.spec.service!.courierCode,
        ...driverJson(order.driver),
      },
      origin: { contact_name: order.spec.origin.contactName, address: order.spec.origin.address },
      destination: {
        contact_name: order.spec.destination.contactName,
        address: order.spec.destination.address,
      },
      history: order.history.map((h) => ({ ...h, status: camel(h.status) })),
      link: this.s.trackingLink(order),
      order_id: order.id,
      status: camel(order.status),
    };
  }

  /**
   * The pages outside the API: the human tracking page at each order's link (`/track/:id`) and the
   * drivers' photos (`/drivers/:plate.svg`). Answers false when the path is neither.
   */
  page(method: string, path: string, res: http.ServerResponse): boolean {
    if (method !== "GET") return false;
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    if (path.startsWith("/track/")) {
      const order = this.find(decodeURIComponent(path.slice(7)));
      if (!order) {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("Unknown tracking id");
        return true;
      }
      const rows = order.history
        .map(
          (h) =>
            `<tr><td>${esc(h.updated_at)}</td><td>${esc(h.status)}</td><td>${esc(h.note)}</td></tr>`,
        )
        .join("");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><meta charset="utf-8"><title>Tracking ${esc(order.waybillId ?? order.trackingId)}</title><h1>${esc(order.spec.service!.courierName)} ${esc(order.waybillId ?? "(no waybill yet)")}</h1><p>Status: <b>${esc(order.status)}</b></p><table>${rows}</table>`,
      );
      return true;
    }
    const photo = /^\/drivers\/([^/]+)\.svg$/.exec(path);
    if (photo) {
      const plate = esc(decodeURIComponent(photo[1]!).replaceAll("-", " ")).slice(0, 20);
      res.writeHead(200, { "content-type": "image/svg+xml" });
      res.end(
        `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#2e7d32"/><circle cx="60" cy="45" r="22" fill="#fff"/><rect x="25" y="75" width="70" height="30" rx="12" fill="#fff"/><text x="60" y="116" font-size="11" text-anchor="middle" fill="#fff">${plate}</text></svg>`,
      );
      return true;
    }
    return false;
  }
}

export function trackingRoutes(route: AddRoute, service: { trackings: Trackings }): void {
  route("GET", "/v1/trackings/:id", "tracking", ({ key, params }) => ({
    body: service.trackings.byTrackingId(key, params[0]!),
  }));
  route("GET", "/v1/trackings/:waybill/couriers/:courier", "tracking", ({ key, params }) => ({
    body: service.trackings.byWaybill(key, params[0]!, params[1]!),
  }));
}
