import { CODES } from "#app/shipping/contract.ts";
import {
  areaById,
  areaJson,
  districtById,
  districtJson,
  searchAreas,
  searchDistricts,
} from "./areas.ts";
import type { AddRoute } from "./routes.ts";
import { SandboxError } from "./validation.ts";

/**
 * Areas. `GET /v1/maps/areas?countries=ID&input=…&type=single|double`: `single` (the default)
 * answers areas (a district with one postal code) by district, city, province or postal code,
 * closest first; `double` answers districts without postal codes, whose ids then go to
 * `GET /v1/maps/areas/:id` for their areas. `GET /v1/maps/areas/:id` with an area id answers that
 * area, as a list of one.
 */
export function mapRoutes(route: AddRoute): void {
  route("GET", "/v1/maps/areas", "maps", ({ query }) => {
    const input = query.get("input");
    if (!input || input.trim().length < 3)
      throw new SandboxError(400, CODES.badRequest, "input is required (at least 3 characters)");
    const type = (query.get("type") ?? "single").trim().toLowerCase();
    if (type !== "single" && type !== "double")
      throw new SandboxError(400, CODES.badRequest, "type must be single or double");
    const countries = (query.get("countries") ?? "ID").toUpperCase().split(",");
    if (!countries.includes("ID")) return { body: { success: true, areas: [] } };
    const areas =
      type === "double"
        ? searchDistricts(input).map(districtJson)
        : searchAreas(input).map(areaJson);
    return { body: { success: true, areas } };
  });
  route("GET", "/v1/maps/areas/:id", "maps", ({ params }) => {
    const id = params[0]!;
    const district = districtById(id);
    if (district) return { body: { success: true, areas: district.areas.map(areaJson) } };
    const area = areaById(id);
    if (!area)
      throw new SandboxError(
        400,
        CODES.badRequest,
        `${id} is not an area id (IDNP…IDNC…IDND…, then IDZ<postal code> for one area)`,
      );
    return { body: { success: true, areas: [areaJson(area)] } };
  });
}
