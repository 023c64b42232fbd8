import { areaOfSide } from "./areas.ts";
import type { ShipmentSpec, SideSpec } from "./validation.ts";

/** The parts of a draft and an order that are written the same way in both answers. */

export function sideJson(side: SideSpec) {
  const area = areaOfSide(side);
  return {
    area_id: area?.id ?? null,
    address: side.address,
    note: side.note,
    contact_name: side.contactName,
    contact_phone: side.contactPhone,
    contact_email: side.contactEmail,
    coordinate: side.coordinate ?? { latitude: null, longitude: null },
    province_name: area?.province ?? null,
    city_name: area?.city ?? null,
    district_name: area?.district ?? null,
    postal_code: side.postalCode,
  };
}

/** The courier's driver as orders and trackings answer it (`name`/`phone` are the deprecated copies). */
export function driverJson(driver: {
  name: string | null;
  phone: string | null;
  plate: string | null;
  photo: string | null;
}) {
  return {
    name: driver.name,
    phone: driver.phone,
    driver_name: driver.name,
    driver_phone: driver.phone,
    driver_photo_url: driver.photo,
    driver_plate_number: driver.plate,
  };
}

export function itemJson(item: ShipmentSpec["items"][number]) {
  return {
    name: item.name,
    description: item.description,
    category: item.category,
    sku: item.sku,
    value: item.value,
    currency: "IDR",
    quantity: item.quantity,
    height: item.height,
    width: item.width,
    length: item.length,
    weight: item.weight,
  };
}
