import type { Area } from "../shipping/contract";

/** A found area as the pickup form offers it: its words, and the postal code it fills in. */
export interface AreaChoice {
  id: string;
  /** District, city, province and postal code, as a merchant reads an address ("Cilandak, Jakarta Selatan, DKI Jakarta, 12430"). */
  label: string;
  postalCode: string | null;
}

export function areaChoice(a: Area): AreaChoice {
  const parts = [
    a.administrative_division_level_3_name,
    a.administrative_division_level_2_name,
    a.administrative_division_level_1_name,
    a.postal_code,
  ].filter((part) => part !== null && part !== undefined && String(part).trim() !== "");
  return {
    id: a.id,
    label: parts.length > 0 ? parts.join(", ") : a.name,
    postalCode:
      a.postal_code === null || a.postal_code === undefined ? null : String(a.postal_code),
  };
}
