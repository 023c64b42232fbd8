import { ORDER_SHIPPING_ADDRESS_UPDATE } from "#app/admin-api/operations/order-address.ts";
import { PROVINCE_CODES } from "#app/addresses/province-codes.ts";

/**
 * The fake Admin API's `orderUpdate` with a shipping address, as Shopify documents it: the order
 * must exist (`Order does not exist`), the address is a MailingAddressInput whose `countryCode` is
 * a country and whose `provinceCode` is one of that country's regions (ISO 3166-2, for Indonesia
 * the 38 provinces), and the order's shipping address becomes it (in the webhook's shape, so the
 * orders/updated a test delivers next carries it). Each update is kept in the log.
 */
type Raw = Record<string, unknown>;

export interface AddressUpdateLog {
  addressUpdates?: { shop: string; orderId: string; address: Raw }[];
}

interface MailingAddressInput {
  address1?: string;
  address2?: string | null;
  city?: string;
  countryCode?: string;
  provinceCode?: string;
  zip?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
}

export function addressUpdateAnswer(
  shop: string,
  query: string,
  variables: Record<string, unknown>,
  order: (orderId: string) => Raw | null,
  log?: AddressUpdateLog,
): unknown {
  if (query !== ORDER_SHIPPING_ADDRESS_UPDATE) return undefined;
  const input = variables.input as { id: string; shippingAddress?: MailingAddressInput };
  const refuse = (field: string[], message: string) => ({
    data: { orderUpdate: { order: null, userErrors: [{ field, message }] } },
  });
  const id = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(input.id)?.[1];
  const found = id ? order(id) : null;
  if (!id || !found) return refuse(["id"], "Order does not exist");
  const a = input.shippingAddress;
  if (!a) return refuse(["shippingAddress"], "Shipping address can't be blank");
  if (a.countryCode !== "ID")
    return refuse(["shippingAddress", "countryCode"], "Country is not supported");
  if (!a.provinceCode || !(a.provinceCode in PROVINCE_CODES))
    return refuse(["shippingAddress", "provinceCode"], "Province is not valid for Indonesia");
  if (!a.address1?.trim())
    return refuse(["shippingAddress", "address1"], "Address1 can't be blank");
  const before = (found.shipping_address as Raw | null) ?? {};
  const name = [a.firstName, a.lastName].filter(Boolean).join(" ");
  const address: Raw = {
    ...before,
    address1: a.address1,
    address2: a.address2 ?? null,
    city: a.city ?? null,
    province: PROVINCE_CODES[a.provinceCode],
    province_code: a.provinceCode,
    zip: a.zip ?? null,
    country: "Indonesia",
    country_code: "ID",
    ...(a.firstName !== undefined ? { first_name: a.firstName } : {}),
    ...(a.lastName !== undefined ? { last_name: a.lastName } : {}),
    ...(name ? { name } : {}),
    ...(a.phone !== undefined ? { phone: a.phone } : {}),
    // The coordinates were the old address's.
    latitude: null,
    longitude: null,
  };
  found.shipping_address = address;
  found.updated_at = new Date().toISOString();
  log?.addressUpdates?.push({ shop, orderId: id, address });
  return {
    data: {
      orderUpdate: {
        order: {
          id: input.id,
          shippingAddress: {
            address1: address.address1,
            address2: address.address2,
            city: address.city,
            provinceCode: a.provinceCode,
            zip: address.zip,
          },
        },
        userErrors: [],
      },
    },
  };
}
