/** A pickup or drop-off address of one key, usable as `origin_location_id` / `destination_location_id`. */
export interface LocationRecord {
  id: string;
  name: string;
  contactName: string;
  contactPhone: string;
  address: string;
  note: string | null;
  postalCode: number;
  latitude: number | null;
  longitude: number | null;
  type: "origin" | "destination";
  createdAt: string;
  updatedAt: string;
}
