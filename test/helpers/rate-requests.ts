/**
 * Shopify's carrier service rate requests, shaped as its CarrierService documentation shows them
 * (test/helpers/carrier-service-docs.ts reads that example): each address with every documented
 * field (an API-created carrier service gets address1, address2, city, postal code, province and
 * country; the rest null), items with grams, prices in subunits and quantities, the currency,
 * locale, order totals and customer. For the integration tests, the browser test and bench:rates.
 */
export interface RateAddressInput {
  postalCode: string;
  city?: string;
  province?: string;
  address1?: string;
  name?: string | null;
  companyName?: string | null;
  /** Not in Shopify's documented request: only when a test gives them. */
  latitude?: number;
  longitude?: number;
}

export interface RateItemInput {
  name: string;
  sku?: string;
  quantity: number;
  grams: number;
  /** Rupiah per unit; sent in subunits. */
  price: number;
  requiresShipping?: boolean;
  productId: number;
  variantId: number;
}

export function rateAddress(a: RateAddressInput): Record<string, unknown> {
  return {
    country: "ID",
    postal_code: a.postalCode,
    province: a.province ?? "",
    city: a.city ?? "",
    name: a.name ?? null,
    address1: a.address1 ?? "",
    address2: "",
    address3: null,
    phone: null,
    fax: null,
    email: null,
    address_type: null,
    company_name: a.companyName ?? null,
    ...(a.latitude !== undefined && a.longitude !== undefined
      ? { latitude: a.latitude, longitude: a.longitude }
      : {}),
  };
}

/** A rate request body; `subtotal` (rupiah) adds Shopify's order totals, without discount. */
export function shopifyRateRequest(options: {
  origin: RateAddressInput;
  destination: RateAddressInput;
  items: RateItemInput[];
  subtotal?: number;
}) {
  return {
    rate: {
      origin: rateAddress(options.origin),
      destination: rateAddress(options.destination),
      items: options.items.map((i) => ({
        name: i.name,
        sku: i.sku ?? "",
        quantity: i.quantity,
        grams: i.grams,
        price: i.price * 100,
        vendor: "Toko Maju",
        requires_shipping: i.requiresShipping ?? true,
        taxable: i.requiresShipping ?? true,
        fulfillment_service: "manual",
        properties: null,
        product_id: i.productId,
        variant_id: i.variantId,
      })),
      currency: "IDR",
      locale: "id",
      ...(options.subtotal !== undefined
        ? {
            order_totals: {
              subtotal_price: String(options.subtotal * 100),
              total_price: String(options.subtotal * 100),
              discount_amount: "0",
            },
          }
        : {}),
      customer: { id: 207119551, tags: [] },
    },
  };
}
