import { CODES } from "#app/shipping/contract.ts";
import type { AddRoute, Body } from "./routes.ts";
import { hex } from "./ids.ts";
import type { LocationRecord } from "./location-record.ts";
import type { ServiceCore } from "./service-core.ts";
import { numberOf, SandboxError, type SideSpec } from "./validation.ts";

/** Locations: `/v1/locations`. Each key sees only its own. */
export class Locations {
  constructor(private readonly s: ServiceCore) {}

  create(key: string, body: Body): LocationRecord {
    const record = this.build(body, null);
    this.s.account(key).locations.set(record.id, record);
    return record;
  }

  get(key: string, id: string): LocationRecord {
    const record = this.s.account(key).locations.get(id);
    if (!record) throw new SandboxError(404, CODES.locationNotFound, `Location ${id} not found`);
    return record;
  }

  update(key: string, id: string, body: Body): LocationRecord {
    const current = this.get(key, id);
    const record = this.build({ ...toBody(current), ...body }, current);
    this.s.account(key).locations.set(id, record);
    return record;
  }

  delete(key: string, id: string): void {
    this.get(key, id);
    this.s.account(key).locations.delete(id);
  }

  /** The side of a shipment a location id stands for, or undefined when the key has no such location. */
  side(key: string, id: string): Omit<SideSpec, "locationId" | "area"> | undefined {
    const l = this.s.account(key).locations.get(id);
    if (!l) return undefined;
    return {
      contactName: l.contactName,
      contactPhone: l.contactPhone,
      contactEmail: null,
      address: l.address,
      note: l.note,
      postalCode: l.postalCode,
      coordinate:
        l.latitude !== null && l.longitude !== null
          ? { latitude: l.latitude, longitude: l.longitude }
          : null,
    };
  }

  json(l: LocationRecord, extra: Record<string, unknown> = {}) {
    return {
      success: true,
      ...extra,
      id: l.id,
      name: l.name,
      contact_name: l.contactName,
      contact_phone: l.contactPhone,
      address: l.address,
      note: l.note,
      postal_code: l.postalCode,
      latitude: l.latitude,
      longitude: l.longitude,
      type: l.type,
      created_at: l.createdAt,
      updated_at: l.updatedAt,
    };
  }

  private build(body: Body, current: LocationRecord | null): LocationRecord {
    const bad = (message: string) => new SandboxError(400, CODES.locationBadRequest, message);
    for (const field of ["name", "contact_name", "contact_phone", "address"]) {
      if (typeof body[field] !== "string" || (body[field] as string).trim() === "")
        throw bad(`${field} is required`);
    }
    // postal_code, latitude and longitude: numbers or strings holding them.
    const postal = numberOf(body.postal_code);
    if (postal === undefined || !Number.isInteger(postal) || postal < 10000 || postal > 99999)
      throw bad("postal_code must be a 5-digit number");
    const coordinate: Record<"latitude" | "longitude", number | null> = {
      latitude: null,
      longitude: null,
    };
    for (const [field, limit] of [
      ["latitude", 90],
      ["longitude", 180],
    ] as const) {
      const raw = body[field];
      if (raw === undefined || raw === null || raw === "") continue;
      const n = numberOf(raw);
      if (n === undefined) throw bad(`${field} must be a number`);
      if (Math.abs(n) > limit) throw bad(`${field} is out of range`);
      coordinate[field] = n;
    }
    if (body.type !== "origin" && body.type !== "destination")
      throw bad("type must be origin or destination");
    if (body.note !== undefined && body.note !== null && typeof body.note !== "string")
      throw bad("note must be a string");
    const now = this.s.iso();
    return {
      id: current?.id ?? hex(12),
      name: body.name as string,
      contactName: body.contact_name as string,
      contactPhone: body.contact_phone as string,
      address: body.address as string,
      note: (body.note as string | null | undefined) ?? null,
      postalCode: postal,
      ...coordinate,
      type: body.type,
      createdAt: current?.createdAt ?? now,
      updatedAt: now,
    };
  }
}

function toBody(l: LocationRecord): Body {
  return {
    name: l.name,
    contact_name: l.contactName,
    contact_phone: l.contactPhone,
    address: l.address,
    note: l.note,
    postal_code: l.postalCode,
    latitude: l.latitude,
    longitude: l.longitude,
    type: l.type,
  };
}

export function locationRoutes(route: AddRoute, service: { locations: Locations }): void {
  const { locations } = service;
  route("POST", "/v1/locations", "locations", ({ key, body }) => ({
    body: locations.json(locations.create(key, body)),
  }));
  route("GET", "/v1/locations/:id", "locations", ({ key, params }) => ({
    body: locations.json(locations.get(key, params[0]!)),
  }));
  route("POST", "/v1/locations/:id", "locations", ({ key, params, body }) => ({
    body: locations.json(locations.update(key, params[0]!, body), {
      message: "Location successfully updated",
    }),
  }));
  route("DELETE", "/v1/locations/:id", "locations", ({ key, params }) => {
    locations.delete(key, params[0]!);
    return {
      body: { success: true, id: params[0], message: "Location successfully been removed" },
    };
  });
}
