/**
 * The other direction of app/orders/admin-order.ts, for the fake Admin API of the tests: a store
 * order written in the webhook's shape (our fixtures) as Shopify's Admin GraphQL answers it
 * (Order with gids, money bags, display statuses, connections).
 */
type Raw = Record<string, unknown>;
const moneyBag = (amount: unknown, currencyCode = "IDR") => ({
  shopMoney: { amount: String(amount ?? "0.00"), currencyCode },
});

export function orderToAdminNode(order: Raw): Raw {
  const id = String(order.id);
  const currency = String(order.currency ?? "IDR");
  const a = order.shipping_address as Raw | null | undefined;
  const fulfillment =
    order.fulfillment_status === "fulfilled"
      ? "FULFILLED"
      : order.fulfillment_status === "partial"
        ? "PARTIALLY_FULFILLED"
        : "UNFULFILLED";
  return {
    id: `gid://shopify/Order/${id}`,
    legacyResourceId: id,
    name: order.name,
    email: order.email ?? null,
    phone: order.phone ?? null,
    tags: String(order.tags ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
    note: order.note ?? null,
    createdAt: order.created_at ?? "2026-11-20T03:15:00Z",
    updatedAt: order.updated_at ?? order.created_at ?? "2026-11-20T03:15:00Z",
    cancelledAt: order.cancelled_at ?? null,
    sourceName: order.source_name ?? "web",
    currencyCode: currency,
    presentmentCurrencyCode: order.presentment_currency ?? currency,
    displayFinancialStatus: order.financial_status
      ? String(order.financial_status).toUpperCase()
      : null,
    displayFulfillmentStatus: fulfillment,
    paymentGatewayNames: order.payment_gateway_names ?? [],
    totalOutstandingSet: moneyBag(order.total_outstanding, currency),
    currentTotalPriceSet: moneyBag(order.total_price, currency),
    customer: order.customer
      ? {
          legacyResourceId: String((order.customer as Raw).id),
          firstName: (order.customer as Raw).first_name ?? null,
          lastName: (order.customer as Raw).last_name ?? null,
        }
      : null,
    shippingAddress: a
      ? {
          firstName: a.first_name ?? null,
          lastName: a.last_name ?? null,
          name: a.name ?? null,
          company: a.company ?? null,
          address1: a.address1 ?? null,
          address2: a.address2 ?? null,
          city: a.city ?? null,
          province: a.province ?? null,
          zip: a.zip ?? null,
          country: a.country ?? null,
          countryCodeV2: a.country_code ?? null,
          phone: a.phone ?? null,
          latitude: a.latitude ?? null,
          longitude: a.longitude ?? null,
        }
      : null,
    shippingLines: {
      nodes: ((order.shipping_lines as Raw[] | null) ?? []).map((l) => ({
        code: l.code ?? null,
        title: l.title ?? null,
        source: l.source ?? null,
        carrierIdentifier: l.carrier_identifier ?? null,
        deliveryCategory: l.delivery_category ?? "shipping",
        isRemoved: false,
        discountedPriceSet: moneyBag(l.discounted_price ?? l.price ?? 0, currency),
      })),
    },
    lineItems: {
      nodes: ((order.line_items as Raw[]) ?? []).map((l) => ({
        id: `gid://shopify/LineItem/${String(l.id)}`,
        name: l.name,
        title: l.title ?? null,
        variantTitle: l.variant_title ?? null,
        sku: l.sku ?? null,
        quantity: l.quantity,
        currentQuantity: l.current_quantity ?? l.quantity,
        unfulfilledQuantity: l.fulfillable_quantity ?? l.current_quantity ?? l.quantity,
        requiresShipping: l.requires_shipping !== false,
        isGiftCard: l.gift_card === true,
        weight: { unit: "GRAMS", value: Number(l.grams ?? 0) },
        originalUnitPriceSet: moneyBag(l.price, currency),
        discountAllocations: ((l.discount_allocations as Raw[] | null) ?? []).map((d) => ({
          allocatedAmountSet: moneyBag(d.amount, currency),
        })),
        product: l.product_id ? { id: `gid://shopify/Product/${String(l.product_id)}` } : null,
        variant: l.variant_id
          ? { id: `gid://shopify/ProductVariant/${String(l.variant_id)}` }
          : null,
      })),
    },
  };
}
