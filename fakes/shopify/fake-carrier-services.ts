import {
  CARRIER_SERVICE_CREATE,
  CARRIER_SERVICE_DELETE,
  CARRIER_SERVICE_UPDATE,
  CARRIER_SERVICES_QUERY,
} from "#app/admin-api/operations/carrier-services.ts";

/**
 * Shopify's carrier services as the fake Admin API keeps them, per shop: created, updated,
 * deleted and listed as the app asks (carrierServiceCreate/Update/Delete, carrierServices), with
 * Shopify's refusals: a shop whose plan has no carrier-calculated shipping cannot create one (the
 * message Shopify gives for it), an unknown id is not found.
 */
export interface FakeCarrierService {
  id: string;
  name: string;
  callbackUrl: string;
  active: boolean;
  supportsServiceDiscovery: boolean;
}

/** Shopify's words when the shop's plan cannot use carrier services. */
export const PLAN_REFUSAL =
  "Carrier Calculated Shipping must be enabled for your store before registering a new carrier service.";

export class FakeCarrierServices {
  readonly byShop = new Map<string, FakeCarrierService[]>();
  /** Shops on a plan without carrier-calculated shipping. */
  readonly ineligible = new Set<string>();
  private next = 1;

  of(shop: string): FakeCarrierService[] {
    return this.byShop.get(shop) ?? [];
  }

  /** Shopify's answer to one of the carrier service documents; undefined for any other query. */
  answer(shop: string, query: string, variables: Record<string, unknown>): unknown {
    const services = this.of(shop);
    const view = (s: FakeCarrierService) => ({
      id: s.id,
      active: s.active,
      callbackUrl: s.callbackUrl,
    });
    if (query === CARRIER_SERVICES_QUERY)
      return {
        data: { carrierServices: { nodes: services.map((s) => ({ ...view(s), name: s.name })) } },
      };
    if (query === CARRIER_SERVICE_CREATE) {
      const input = variables.input as Omit<FakeCarrierService, "id">;
      if (this.ineligible.has(shop))
        return {
          data: {
            carrierServiceCreate: {
              carrierService: null,
              userErrors: [{ field: null, message: PLAN_REFUSAL }],
            },
          },
        };
      if (services.some((s) => s.name === input.name))
        return {
          data: {
            carrierServiceCreate: {
              carrierService: null,
              userErrors: [{ field: ["name"], message: `${input.name} is already configured` }],
            },
          },
        };
      const made = { ...input, id: `gid://shopify/DeliveryCarrierService/${this.next++}` };
      this.byShop.set(shop, [...services, made]);
      return { data: { carrierServiceCreate: { carrierService: view(made), userErrors: [] } } };
    }
    if (query === CARRIER_SERVICE_UPDATE) {
      const input = variables.input as Partial<FakeCarrierService> & { id: string };
      const found = services.find((s) => s.id === input.id);
      if (!found)
        return {
          data: {
            carrierServiceUpdate: {
              carrierService: null,
              userErrors: [{ field: ["id"], message: "Carrier service not found" }],
            },
          },
        };
      Object.assign(
        found,
        Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
      );
      return { data: { carrierServiceUpdate: { carrierService: view(found), userErrors: [] } } };
    }
    if (query === CARRIER_SERVICE_DELETE) {
      const found = services.find((s) => s.id === variables.id);
      if (!found)
        return {
          data: {
            carrierServiceDelete: {
              deletedId: null,
              userErrors: [{ field: ["id"], message: "Carrier service not found" }],
            },
          },
        };
      this.byShop.set(
        shop,
        services.filter((s) => s !== found),
      );
      return { data: { carrierServiceDelete: { deletedId: found.id, userErrors: [] } } };
    }
    return undefined;
  }
}
