/** The app's carrier service, for rates at checkout (app/checkout-rates/carrier-service.server.ts). */
export const CARRIER_SERVICES_QUERY = `#graphql
  query AppCarrierServices {
    carrierServices(first: 50) {
      nodes { id name callbackUrl active }
    }
  }`;

export const CARRIER_SERVICE_CREATE = `#graphql
  mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {
    carrierServiceCreate(input: $input) {
      carrierService { id active callbackUrl }
      userErrors { field message }
    }
  }`;

export const CARRIER_SERVICE_UPDATE = `#graphql
  mutation CarrierServiceUpdate($input: DeliveryCarrierServiceUpdateInput!) {
    carrierServiceUpdate(input: $input) {
      carrierService { id active callbackUrl }
      userErrors { field message }
    }
  }`;

export const CARRIER_SERVICE_DELETE = `#graphql
  mutation CarrierServiceDelete($id: ID!) {
    carrierServiceDelete(id: $id) {
      deletedId
      userErrors { field message }
    }
  }`;
