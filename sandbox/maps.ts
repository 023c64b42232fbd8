import { CODES } from "#app/shipping/contract.ts";
import { areaById, areaJson, searchAreas } from "./areas.ts";
import type { AddRoute } from "./routes.ts";
import { SandboxError } from "./validation.ts";

/** Areas: `GET /v1/maps/areas` (search) and `GET /v1/maps/areas/:id` (one area, as a list of one). */
export function mapRoutes(route: AddRoute): void {
  route("GET", "/v1/maps/areas", "maps", ({ query }) => {
    const input = query.get("input");
    if (!input || input.trim().length < 3)
      throw new SandboxError(400, CODES.badRequest, "input is required (at least 3 characters)");
    const countries = (query.get("countries") ?? "ID").toUpperCase().split(",");
    const areas = countries.includes("ID") ? searchAreas(input) : [];
    return { body: { success: true, areas: areas.map(areaJson) } };
  });
  route("GET", "/v1/maps/areas/:id", "maps", ({ params }) => {
    const area = areaById(params[0]!);
    if (!area)
      throw new SandboxError(
        400,
        CODES.badRequest,
        `${params[0]} is not an area id (IDNP…IDNC…IDND…IDZ<postal code>)`,
      );
    return { body: { success: true, areas: [areaJson(area)] } };
  });
}
