/* eslint-disable eslint-comments/disable-enable-pair */
/* eslint-disable eslint-comments/no-unlimited-disable */
/* eslint-disable */
import type * as AdminTypes from './admin.types.js';

export type AppCarrierServicesQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type AppCarrierServicesQuery = { carrierServices: { nodes: Array<Pick<AdminTypes.DeliveryCarrierService, 'id' | 'name' | 'callbackUrl' | 'active'>> } };

export type CarrierServiceCreateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.DeliveryCarrierServiceCreateInput;
}>;


export type CarrierServiceCreateMutation = { carrierServiceCreate?: AdminTypes.Maybe<{ carrierService?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryCarrierService, 'id' | 'active' | 'callbackUrl'>>, userErrors: Array<Pick<AdminTypes.CarrierServiceCreateUserError, 'field' | 'message'>> }> };

export type CarrierServiceUpdateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.DeliveryCarrierServiceUpdateInput;
}>;


export type CarrierServiceUpdateMutation = { carrierServiceUpdate?: AdminTypes.Maybe<{ carrierService?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryCarrierService, 'id' | 'active' | 'callbackUrl'>>, userErrors: Array<Pick<AdminTypes.CarrierServiceUpdateUserError, 'field' | 'message'>> }> };

export type CarrierServiceDeleteMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type CarrierServiceDeleteMutation = { carrierServiceDelete?: AdminTypes.Maybe<(
    Pick<AdminTypes.CarrierServiceDeletePayload, 'deletedId'>
    & { userErrors: Array<Pick<AdminTypes.CarrierServiceDeleteUserError, 'field' | 'message'>> }
  )> };

export type ShippingFulfillmentOrderFragment = (
  Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>
  & { supportedActions: Array<Pick<AdminTypes.FulfillmentOrderSupportedAction, 'action'>>, deliveryMethod?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethod, 'methodType'>>, fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, 'id' | 'displayReason' | 'reasonNotes' | 'heldByRequestingApp'>>, assignedLocation: (
    Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
    & { location?: AdminTypes.Maybe<(
      Pick<AdminTypes.Location, 'id' | 'isFulfillmentService'>
      & { fulfillmentService?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentService, 'serviceName'>> }
    )> }
  ), lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity'>
      & { lineItem: Pick<AdminTypes.LineItem, 'id'> }
    )> } }
);

export type ShippingFulfillmentOrderLineFragment = (
  Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity'>
  & { lineItem: Pick<AdminTypes.LineItem, 'id'> }
);

export type OrderFulfillmentOrderNodesFragment = { fulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>
      & { supportedActions: Array<Pick<AdminTypes.FulfillmentOrderSupportedAction, 'action'>>, deliveryMethod?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethod, 'methodType'>>, fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, 'id' | 'displayReason' | 'reasonNotes' | 'heldByRequestingApp'>>, assignedLocation: (
        Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
        & { location?: AdminTypes.Maybe<(
          Pick<AdminTypes.Location, 'id' | 'isFulfillmentService'>
          & { fulfillmentService?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentService, 'serviceName'>> }
        )> }
      ), lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
          Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity'>
          & { lineItem: Pick<AdminTypes.LineItem, 'id'> }
        )> } }
    )> } };

export type ShippingLineProductFragment = (
  Pick<AdminTypes.LineItem, 'id'>
  & { product?: AdminTypes.Maybe<(
    Pick<AdminTypes.Product, 'id' | 'productType' | 'tags'>
    & { category?: AdminTypes.Maybe<Pick<AdminTypes.TaxonomyCategory, 'fullName'>> }
  )> }
);

export type OrderFulfillmentOrdersQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type OrderFulfillmentOrdersQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id'>
    & { fulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>
        & { supportedActions: Array<Pick<AdminTypes.FulfillmentOrderSupportedAction, 'action'>>, deliveryMethod?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethod, 'methodType'>>, fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, 'id' | 'displayReason' | 'reasonNotes' | 'heldByRequestingApp'>>, assignedLocation: (
          Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
          & { location?: AdminTypes.Maybe<(
            Pick<AdminTypes.Location, 'id' | 'isFulfillmentService'>
            & { fulfillmentService?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentService, 'serviceName'>> }
          )> }
        ), lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity'>
            & { lineItem: Pick<AdminTypes.LineItem, 'id'> }
          )> } }
      )> } }
  )>, locations: { nodes: Array<Pick<AdminTypes.Location, 'id' | 'isFulfillmentService'>> } };

export type OrderForShippingQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type OrderForShippingQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id'>
    & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.LineItem, 'id'>
        & { product?: AdminTypes.Maybe<(
          Pick<AdminTypes.Product, 'id' | 'productType' | 'tags'>
          & { category?: AdminTypes.Maybe<Pick<AdminTypes.TaxonomyCategory, 'fullName'>> }
        )> }
      )> }, fulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>
        & { supportedActions: Array<Pick<AdminTypes.FulfillmentOrderSupportedAction, 'action'>>, deliveryMethod?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethod, 'methodType'>>, fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, 'id' | 'displayReason' | 'reasonNotes' | 'heldByRequestingApp'>>, assignedLocation: (
          Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
          & { location?: AdminTypes.Maybe<(
            Pick<AdminTypes.Location, 'id' | 'isFulfillmentService'>
            & { fulfillmentService?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentService, 'serviceName'>> }
          )> }
        ), lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity'>
            & { lineItem: Pick<AdminTypes.LineItem, 'id'> }
          )> } }
      )> } }
  )>, locations: { nodes: Array<Pick<AdminTypes.Location, 'id' | 'isFulfillmentService'>> } };

export type OrderFulfillmentOrdersPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type OrderFulfillmentOrdersPageQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id'>
    & { fulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>
        & { supportedActions: Array<Pick<AdminTypes.FulfillmentOrderSupportedAction, 'action'>>, deliveryMethod?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethod, 'methodType'>>, fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, 'id' | 'displayReason' | 'reasonNotes' | 'heldByRequestingApp'>>, assignedLocation: (
          Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
          & { location?: AdminTypes.Maybe<(
            Pick<AdminTypes.Location, 'id' | 'isFulfillmentService'>
            & { fulfillmentService?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentService, 'serviceName'>> }
          )> }
        ), lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity'>
            & { lineItem: Pick<AdminTypes.LineItem, 'id'> }
          )> } }
      )> } }
  )> };

export type FulfillmentOrderLinesPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type FulfillmentOrderLinesPageQuery = { fulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentOrder, 'id'>
    & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity'>
        & { lineItem: Pick<AdminTypes.LineItem, 'id'> }
      )> } }
  )> };

export type OrderLineProductsPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type OrderLineProductsPageQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id'>
    & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.LineItem, 'id'>
        & { product?: AdminTypes.Maybe<(
          Pick<AdminTypes.Product, 'id' | 'productType' | 'tags'>
          & { category?: AdminTypes.Maybe<Pick<AdminTypes.TaxonomyCategory, 'fullName'>> }
        )> }
      )> } }
  )> };

export type FulfillmentOrderOrderQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type FulfillmentOrderOrderQuery = { fulfillmentOrder?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, 'id' | 'orderId'>> };

export type BookingHoldMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  fulfillmentHold: AdminTypes.FulfillmentOrderHoldInput;
}>;


export type BookingHoldMutation = { fulfillmentOrderHold?: AdminTypes.Maybe<{ fulfillmentHold?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentHold, 'id'>>, userErrors: Array<Pick<AdminTypes.FulfillmentOrderHoldUserError, 'field' | 'message'>> }> };

export type BookingHoldReleaseMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  holdIds?: AdminTypes.InputMaybe<Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input']>;
}>;


export type BookingHoldReleaseMutation = { fulfillmentOrderReleaseHold?: AdminTypes.Maybe<{ fulfillmentOrder?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.FulfillmentOrderReleaseHoldUserError, 'field' | 'message'>> }> };

export type ShipmentFulfillmentMutationVariables = AdminTypes.Exact<{
  fulfillment: AdminTypes.FulfillmentInput;
}>;


export type ShipmentFulfillmentMutation = { fulfillmentCreate?: AdminTypes.Maybe<{ fulfillment?: AdminTypes.Maybe<Pick<AdminTypes.Fulfillment, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type ShipmentTrackingMutationVariables = AdminTypes.Exact<{
  fulfillmentId: AdminTypes.Scalars['ID']['input'];
  trackingInfoInput: AdminTypes.FulfillmentTrackingInput;
  notifyCustomer: AdminTypes.Scalars['Boolean']['input'];
}>;


export type ShipmentTrackingMutation = { fulfillmentTrackingInfoUpdate?: AdminTypes.Maybe<{ fulfillment?: AdminTypes.Maybe<Pick<AdminTypes.Fulfillment, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type ShipmentProgressMutationVariables = AdminTypes.Exact<{
  fulfillmentEvent: AdminTypes.FulfillmentEventInput;
}>;


export type ShipmentProgressMutation = { fulfillmentEventCreate?: AdminTypes.Maybe<{ fulfillmentEvent?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentEvent, 'id' | 'status' | 'happenedAt'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type ShipmentProgressSentQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type ShipmentProgressSentQuery = { fulfillment?: AdminTypes.Maybe<(
    Pick<AdminTypes.Fulfillment, 'id'>
    & { events: { nodes: Array<Pick<AdminTypes.FulfillmentEvent, 'id' | 'status' | 'happenedAt'>> } }
  )> };

export type ShopLocationsQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type ShopLocationsQuery = { locations: { nodes: Array<(
      Pick<AdminTypes.Location, 'id' | 'name' | 'isFulfillmentService' | 'fulfillsOnlineOrders'>
      & { address: Pick<AdminTypes.LocationAddress, 'address1' | 'address2' | 'city' | 'province' | 'zip' | 'countryCode' | 'phone' | 'latitude' | 'longitude'> }
    )> } };

export type StatusMetafieldDefinitionQueryVariables = AdminTypes.Exact<{
  identifier: AdminTypes.MetafieldDefinitionIdentifierInput;
}>;


export type StatusMetafieldDefinitionQuery = { metafieldDefinition?: AdminTypes.Maybe<(
    Pick<AdminTypes.MetafieldDefinition, 'id'>
    & { type: Pick<AdminTypes.MetafieldDefinitionType, 'name'> }
  )> };

export type StatusMetafieldDefinitionCreateMutationVariables = AdminTypes.Exact<{
  definition: AdminTypes.MetafieldDefinitionInput;
}>;


export type StatusMetafieldDefinitionCreateMutation = { metafieldDefinitionCreate?: AdminTypes.Maybe<{ createdDefinition?: AdminTypes.Maybe<Pick<AdminTypes.MetafieldDefinition, 'id'>>, userErrors: Array<Pick<AdminTypes.MetafieldDefinitionCreateUserError, 'field' | 'message' | 'code'>> }> };

export type StatusMetafieldDefinitionUpdateMutationVariables = AdminTypes.Exact<{
  definition: AdminTypes.MetafieldDefinitionUpdateInput;
}>;


export type StatusMetafieldDefinitionUpdateMutation = { metafieldDefinitionUpdate?: AdminTypes.Maybe<{ updatedDefinition?: AdminTypes.Maybe<Pick<AdminTypes.MetafieldDefinition, 'id'>>, userErrors: Array<Pick<AdminTypes.MetafieldDefinitionUpdateUserError, 'field' | 'message' | 'code'>> }> };

export type ShipmentStatusMetafieldMutationVariables = AdminTypes.Exact<{
  metafields: Array<AdminTypes.MetafieldsSetInput> | AdminTypes.MetafieldsSetInput;
}>;


export type ShipmentStatusMetafieldMutation = { metafieldsSet?: AdminTypes.Maybe<{ metafields?: AdminTypes.Maybe<Array<Pick<AdminTypes.Metafield, 'id'>>>, userErrors: Array<Pick<AdminTypes.MetafieldsSetUserError, 'field' | 'message'>> }> };

export type OrderShippingAddressUpdateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.OrderInput;
}>;


export type OrderShippingAddressUpdateMutation = { orderUpdate?: AdminTypes.Maybe<{ order?: AdminTypes.Maybe<(
      Pick<AdminTypes.Order, 'id'>
      & { shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'address1' | 'address2' | 'city' | 'provinceCode' | 'zip'>> }
    )>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type OrderInvoiceSendMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  email?: AdminTypes.InputMaybe<AdminTypes.EmailInput>;
}>;


export type OrderInvoiceSendMutation = { orderInvoiceSend?: AdminTypes.Maybe<{ order?: AdminTypes.Maybe<Pick<AdminTypes.Order, 'id'>>, userErrors: Array<Pick<AdminTypes.OrderInvoiceSendUserError, 'field' | 'message' | 'code'>> }> };

export type OrderRiskAssessmentCreateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.OrderRiskAssessmentCreateInput;
}>;


export type OrderRiskAssessmentCreateMutation = { orderRiskAssessmentCreate?: AdminTypes.Maybe<{ orderRiskAssessment?: AdminTypes.Maybe<Pick<AdminTypes.OrderRiskAssessment, 'riskLevel'>>, userErrors: Array<Pick<AdminTypes.OrderRiskAssessmentCreateUserError, 'field' | 'message' | 'code'>> }> };

export type OrderPaymentQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type OrderPaymentQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id' | 'canMarkAsPaid' | 'displayFinancialStatus' | 'cancelledAt'>
    & { totalOutstandingSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> } }
  )> };

export type OrderMarkAsPaidMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.OrderMarkAsPaidInput;
}>;


export type OrderMarkAsPaidMutation = { orderMarkAsPaid?: AdminTypes.Maybe<{ order?: AdminTypes.Maybe<Pick<AdminTypes.Order, 'id' | 'displayFinancialStatus'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type ShippingOrderLineFragment = (
  Pick<AdminTypes.LineItem, 'id' | 'name' | 'title' | 'variantTitle' | 'sku' | 'quantity' | 'currentQuantity' | 'unfulfilledQuantity' | 'requiresShipping' | 'isGiftCard'>
  & { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> } }>, product?: AdminTypes.Maybe<Pick<AdminTypes.Product, 'id'>>, variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'id'>> }
);

export type ShippingOrderFieldsFragment = (
  Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'email' | 'phone' | 'tags' | 'note' | 'createdAt' | 'updatedAt' | 'cancelledAt' | 'sourceName' | 'currencyCode' | 'presentmentCurrencyCode' | 'displayFinancialStatus' | 'displayFulfillmentStatus' | 'paymentGatewayNames'>
  & { totalOutstandingSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, currentTotalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, customer?: AdminTypes.Maybe<Pick<AdminTypes.Customer, 'legacyResourceId' | 'firstName' | 'lastName'>>, shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'country' | 'countryCodeV2' | 'phone' | 'latitude' | 'longitude'>>, shippingLines: { nodes: Array<(
      Pick<AdminTypes.ShippingLine, 'code' | 'title' | 'source' | 'carrierIdentifier' | 'deliveryCategory' | 'isRemoved'>
      & { discountedPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> } }
    )> }, lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.LineItem, 'id' | 'name' | 'title' | 'variantTitle' | 'sku' | 'quantity' | 'currentQuantity' | 'unfulfilledQuantity' | 'requiresShipping' | 'isGiftCard'>
      & { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> } }>, product?: AdminTypes.Maybe<Pick<AdminTypes.Product, 'id'>>, variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'id'>> }
    )> } }
);

export type ShippingOrderQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type ShippingOrderQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'email' | 'phone' | 'tags' | 'note' | 'createdAt' | 'updatedAt' | 'cancelledAt' | 'sourceName' | 'currencyCode' | 'presentmentCurrencyCode' | 'displayFinancialStatus' | 'displayFulfillmentStatus' | 'paymentGatewayNames'>
    & { totalOutstandingSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, currentTotalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, customer?: AdminTypes.Maybe<Pick<AdminTypes.Customer, 'legacyResourceId' | 'firstName' | 'lastName'>>, shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'country' | 'countryCodeV2' | 'phone' | 'latitude' | 'longitude'>>, shippingLines: { nodes: Array<(
        Pick<AdminTypes.ShippingLine, 'code' | 'title' | 'source' | 'carrierIdentifier' | 'deliveryCategory' | 'isRemoved'>
        & { discountedPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> } }
      )> }, lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.LineItem, 'id' | 'name' | 'title' | 'variantTitle' | 'sku' | 'quantity' | 'currentQuantity' | 'unfulfilledQuantity' | 'requiresShipping' | 'isGiftCard'>
        & { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> } }>, product?: AdminTypes.Maybe<Pick<AdminTypes.Product, 'id'>>, variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'id'>> }
      )> } }
  )> };

export type ShippingOrderLinesPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type ShippingOrderLinesPageQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id'>
    & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.LineItem, 'id' | 'name' | 'title' | 'variantTitle' | 'sku' | 'quantity' | 'currentQuantity' | 'unfulfilledQuantity' | 'requiresShipping' | 'isGiftCard'>
        & { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> } }>, product?: AdminTypes.Maybe<Pick<AdminTypes.Product, 'id'>>, variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'id'>> }
      )> } }
  )> };

export type ShippingOrdersQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  query: AdminTypes.Scalars['String']['input'];
}>;


export type ShippingOrdersQuery = { orders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'email' | 'phone' | 'tags' | 'note' | 'createdAt' | 'updatedAt' | 'cancelledAt' | 'sourceName' | 'currencyCode' | 'presentmentCurrencyCode' | 'displayFinancialStatus' | 'displayFulfillmentStatus' | 'paymentGatewayNames'>
      & { totalOutstandingSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, currentTotalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, customer?: AdminTypes.Maybe<Pick<AdminTypes.Customer, 'legacyResourceId' | 'firstName' | 'lastName'>>, shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'country' | 'countryCodeV2' | 'phone' | 'latitude' | 'longitude'>>, shippingLines: { nodes: Array<(
          Pick<AdminTypes.ShippingLine, 'code' | 'title' | 'source' | 'carrierIdentifier' | 'deliveryCategory' | 'isRemoved'>
          & { discountedPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> } }
        )> }, lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
          Pick<AdminTypes.LineItem, 'id' | 'name' | 'title' | 'variantTitle' | 'sku' | 'quantity' | 'currentQuantity' | 'unfulfilledQuantity' | 'requiresShipping' | 'isGiftCard'>
          & { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> } }>, product?: AdminTypes.Maybe<Pick<AdminTypes.Product, 'id'>>, variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'id'>> }
        )> } }
    )> } };

export type RecentPaymentGatewaysQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
}>;


export type RecentPaymentGatewaysQuery = { orders: { nodes: Array<Pick<AdminTypes.Order, 'paymentGatewayNames'>> } };

export type ProductFactsQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input'];
}>;


export type ProductFactsQuery = { nodes: Array<AdminTypes.Maybe<Pick<AdminTypes.Product, 'id' | 'productType' | 'tags'>>> };

export type PickupReverseLineFragment = (
  Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
  & { fulfillmentLineItem?: AdminTypes.Maybe<{ lineItem: Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'> }> }
);

export type PickupReverseDeliveryFragment = (
  Pick<AdminTypes.ReverseDelivery, 'id'>
  & { deliverable?: AdminTypes.Maybe<{ tracking?: AdminTypes.Maybe<Pick<AdminTypes.ReverseDeliveryTrackingV2, 'number'>> }> }
);

export type PickupReverseOrderFragment = (
  Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
  & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
      & { fulfillmentLineItem?: AdminTypes.Maybe<{ lineItem: Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'> }> }
    )> }, reverseDeliveries: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.ReverseDelivery, 'id'>
      & { deliverable?: AdminTypes.Maybe<{ tracking?: AdminTypes.Maybe<Pick<AdminTypes.ReverseDeliveryTrackingV2, 'number'>> }> }
    )> } }
);

export type CustomerReturnQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type CustomerReturnQuery = { return?: AdminTypes.Maybe<(
    Pick<AdminTypes.Return, 'id' | 'name' | 'status'>
    & { order: Pick<AdminTypes.Order, 'id'>, reverseFulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
        & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
            & { fulfillmentLineItem?: AdminTypes.Maybe<{ lineItem: Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'> }> }
          )> }, reverseDeliveries: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.ReverseDelivery, 'id'>
            & { deliverable?: AdminTypes.Maybe<{ tracking?: AdminTypes.Maybe<Pick<AdminTypes.ReverseDeliveryTrackingV2, 'number'>> }> }
          )> } }
      )> } }
  )> };

export type PickupReverseOrdersPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type PickupReverseOrdersPageQuery = { return?: AdminTypes.Maybe<(
    Pick<AdminTypes.Return, 'id'>
    & { reverseFulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
        & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
            & { fulfillmentLineItem?: AdminTypes.Maybe<{ lineItem: Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'> }> }
          )> }, reverseDeliveries: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.ReverseDelivery, 'id'>
            & { deliverable?: AdminTypes.Maybe<{ tracking?: AdminTypes.Maybe<Pick<AdminTypes.ReverseDeliveryTrackingV2, 'number'>> }> }
          )> } }
      )> } }
  )> };

export type PickupReverseLinesPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type PickupReverseLinesPageQuery = { reverseFulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
    & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
        & { fulfillmentLineItem?: AdminTypes.Maybe<{ lineItem: Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'> }> }
      )> } }
  )> };

export type PickupReverseDeliveriesPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type PickupReverseDeliveriesPageQuery = { reverseFulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
    & { reverseDeliveries: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.ReverseDelivery, 'id'>
        & { deliverable?: AdminTypes.Maybe<{ tracking?: AdminTypes.Maybe<Pick<AdminTypes.ReverseDeliveryTrackingV2, 'number'>> }> }
      )> } }
  )> };

export type ReturnPickupTrackingMutationVariables = AdminTypes.Exact<{
  reverseFulfillmentOrderId: AdminTypes.Scalars['ID']['input'];
  reverseDeliveryLineItems: Array<AdminTypes.ReverseDeliveryLineItemInput> | AdminTypes.ReverseDeliveryLineItemInput;
  trackingInput?: AdminTypes.InputMaybe<AdminTypes.ReverseDeliveryTrackingInput>;
  notifyCustomer: AdminTypes.Scalars['Boolean']['input'];
}>;


export type ReturnPickupTrackingMutation = { reverseDeliveryCreateWithShipping?: AdminTypes.Maybe<{ reverseDelivery?: AdminTypes.Maybe<Pick<AdminTypes.ReverseDelivery, 'id'>>, userErrors: Array<Pick<AdminTypes.ReturnUserError, 'field' | 'message'>> }> };

type ShipmentReturnLine_ReturnLineItem_Fragment = (
  Pick<AdminTypes.ReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>
  & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
);

type ShipmentReturnLine_UnverifiedReturnLineItem_Fragment = Pick<AdminTypes.UnverifiedReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>;

export type ShipmentReturnLineFragment = ShipmentReturnLine_ReturnLineItem_Fragment | ShipmentReturnLine_UnverifiedReturnLineItem_Fragment;

export type ShipmentReverseLineFragment = (
  Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
  & { fulfillmentLineItem?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentLineItem, 'id'>> }
);

export type ShipmentReverseOrderFragment = (
  Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
  & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
      & { fulfillmentLineItem?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentLineItem, 'id'>> }
    )> } }
);

export type ShipmentReturnableLineFragment = (
  Pick<AdminTypes.ReturnableFulfillmentLineItem, 'quantity'>
  & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
);

export type ShipmentReturnFragment = (
  Pick<AdminTypes.Return, 'id' | 'status'>
  & { returnLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.ReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>
      & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
    ) | Pick<AdminTypes.UnverifiedReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>> }, reverseFulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
      & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
          Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
          & { fulfillmentLineItem?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentLineItem, 'id'>> }
        )> } }
    )> } }
);

export type ShipmentReturnableFragment = (
  Pick<AdminTypes.ReturnableFulfillment, 'id'>
  & { fulfillment: Pick<AdminTypes.Fulfillment, 'id'>, returnableFulfillmentLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.ReturnableFulfillmentLineItem, 'quantity'>
      & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
    )> } }
);

export type ShipmentReturnStateQueryVariables = AdminTypes.Exact<{
  orderId: AdminTypes.Scalars['ID']['input'];
  fulfillmentId: AdminTypes.Scalars['ID']['input'];
}>;


export type ShipmentReturnStateQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id' | 'cancelledAt' | 'displayFinancialStatus'>
    & { totalOutstandingSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }, returns: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.Return, 'id' | 'status'>
        & { returnLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.ReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>
            & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
          ) | Pick<AdminTypes.UnverifiedReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>> }, reverseFulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
            & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
                Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
                & { fulfillmentLineItem?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentLineItem, 'id'>> }
              )> } }
          )> } }
      )> } }
  )>, fulfillment?: AdminTypes.Maybe<(
    Pick<AdminTypes.Fulfillment, 'id'>
    & { location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id' | 'name'>>, fulfillmentLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<Pick<AdminTypes.FulfillmentLineItem, 'id' | 'quantity'>> } }
  )>, returnableFulfillments: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.ReturnableFulfillment, 'id'>
      & { fulfillment: Pick<AdminTypes.Fulfillment, 'id'>, returnableFulfillmentLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
          Pick<AdminTypes.ReturnableFulfillmentLineItem, 'quantity'>
          & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
        )> } }
    )> } };

export type ShipmentReturnsPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type ShipmentReturnsPageQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id'>
    & { returns: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.Return, 'id' | 'status'>
        & { returnLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.ReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>
            & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
          ) | Pick<AdminTypes.UnverifiedReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>> }, reverseFulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
            & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
                Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
                & { fulfillmentLineItem?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentLineItem, 'id'>> }
              )> } }
          )> } }
      )> } }
  )> };

export type ShipmentReturnLinesPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type ShipmentReturnLinesPageQuery = { return?: AdminTypes.Maybe<(
    Pick<AdminTypes.Return, 'id'>
    & { returnLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.ReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>
        & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
      ) | Pick<AdminTypes.UnverifiedReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>> } }
  )> };

export type ShipmentReverseOrdersPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type ShipmentReverseOrdersPageQuery = { return?: AdminTypes.Maybe<(
    Pick<AdminTypes.Return, 'id'>
    & { reverseFulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
        & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
            Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
            & { fulfillmentLineItem?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentLineItem, 'id'>> }
          )> } }
      )> } }
  )> };

export type ShipmentReverseLinesPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type ShipmentReverseLinesPageQuery = { reverseFulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
    & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
        & { fulfillmentLineItem?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentLineItem, 'id'>> }
      )> } }
  )> };

export type ShipmentFulfillmentLinesPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type ShipmentFulfillmentLinesPageQuery = { fulfillment?: AdminTypes.Maybe<(
    Pick<AdminTypes.Fulfillment, 'id'>
    & { fulfillmentLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<Pick<AdminTypes.FulfillmentLineItem, 'id' | 'quantity'>> } }
  )> };

export type ShipmentReturnablesPageQueryVariables = AdminTypes.Exact<{
  orderId: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type ShipmentReturnablesPageQuery = { returnableFulfillments: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.ReturnableFulfillment, 'id'>
      & { fulfillment: Pick<AdminTypes.Fulfillment, 'id'>, returnableFulfillmentLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
          Pick<AdminTypes.ReturnableFulfillmentLineItem, 'quantity'>
          & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
        )> } }
    )> } };

export type ShipmentReturnableLinesPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after: AdminTypes.Scalars['String']['input'];
}>;


export type ShipmentReturnableLinesPageQuery = { returnableFulfillment?: AdminTypes.Maybe<(
    Pick<AdminTypes.ReturnableFulfillment, 'id'>
    & { returnableFulfillmentLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.ReturnableFulfillmentLineItem, 'quantity'>
        & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
      )> } }
  )> };

export type ShipmentReturnCreateMutationVariables = AdminTypes.Exact<{
  returnInput: AdminTypes.ReturnInput;
}>;


export type ShipmentReturnCreateMutation = { returnCreate?: AdminTypes.Maybe<{ return?: AdminTypes.Maybe<(
      Pick<AdminTypes.Return, 'id' | 'status'>
      & { returnLineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
          Pick<AdminTypes.ReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>
          & { fulfillmentLineItem: Pick<AdminTypes.FulfillmentLineItem, 'id'> }
        ) | Pick<AdminTypes.UnverifiedReturnLineItem, 'id' | 'quantity' | 'processableQuantity'>> }, reverseFulfillmentOrders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
          Pick<AdminTypes.ReverseFulfillmentOrder, 'id'>
          & { lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
              Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
              & { fulfillmentLineItem?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentLineItem, 'id'>> }
            )> } }
        )> } }
    )>, userErrors: Array<Pick<AdminTypes.ReturnUserError, 'field' | 'message' | 'code'>> }> };

export type ShipmentReturnProcessMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.ReturnProcessInput;
}>;


export type ShipmentReturnProcessMutation = { returnProcess?: AdminTypes.Maybe<{ return?: AdminTypes.Maybe<Pick<AdminTypes.Return, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.ReturnUserError, 'field' | 'message' | 'code'>> }> };

export type ShipmentReturnCloseMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type ShipmentReturnCloseMutation = { returnClose?: AdminTypes.Maybe<{ return?: AdminTypes.Maybe<Pick<AdminTypes.Return, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.ReturnUserError, 'field' | 'message' | 'code'>> }> };

export type ReturnedOrderCancelMutationVariables = AdminTypes.Exact<{
  orderId: AdminTypes.Scalars['ID']['input'];
  restock: AdminTypes.Scalars['Boolean']['input'];
  staffNote?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type ReturnedOrderCancelMutation = { orderCancel?: AdminTypes.Maybe<{ job?: AdminTypes.Maybe<Pick<AdminTypes.Job, 'id' | 'done'>>, orderCancelUserErrors: Array<Pick<AdminTypes.OrderCancelUserError, 'field' | 'message' | 'code'>> }> };

export type OrderCancelStateQueryVariables = AdminTypes.Exact<{
  jobId: AdminTypes.Scalars['ID']['input'];
  orderId: AdminTypes.Scalars['ID']['input'];
}>;


export type OrderCancelStateQuery = { job?: AdminTypes.Maybe<Pick<AdminTypes.Job, 'id' | 'done'>>, order?: AdminTypes.Maybe<Pick<AdminTypes.Order, 'id' | 'cancelledAt'>> };

export type ShopNameQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type ShopNameQuery = { shop: Pick<AdminTypes.Shop, 'name'> };

export type GrantedScopesQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type GrantedScopesQuery = { currentAppInstallation: { accessScopes: Array<Pick<AdminTypes.AccessScope, 'handle'>> } };

export type ShopTimeZoneQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type ShopTimeZoneQuery = { shop: Pick<AdminTypes.Shop, 'ianaTimezone'> };

export type VariantDimensionsQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input'];
}>;


export type VariantDimensionsQuery = { nodes: Array<AdminTypes.Maybe<(
    Pick<AdminTypes.ProductVariant, 'id'>
    & { length?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, width?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, height?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>> }
  )>> };

interface GeneratedQueryTypes {
  "#graphql\n  query AppCarrierServices {\n    carrierServices(first: 50) {\n      nodes { id name callbackUrl active }\n    }\n  }": {return: AppCarrierServicesQuery, variables: AppCarrierServicesQueryVariables},
  "#graphql\n  query OrderFulfillmentOrders($id: ID!) {\n    order(id: $id) {\n      id\n      ...OrderFulfillmentOrderNodes\n    }\n    locations(first: 20) {\n      nodes { id isFulfillmentService }\n    }\n  }\n  #graphql\n  fragment OrderFulfillmentOrderNodes on Order {\n    fulfillmentOrders(first: 5) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShippingFulfillmentOrder }\n    }\n  }\n  #graphql\n  fragment ShippingFulfillmentOrder on FulfillmentOrder {\n    id\n    status\n    supportedActions { action }\n    deliveryMethod { methodType }\n    fulfillmentHolds { id displayReason reasonNotes heldByRequestingApp }\n    assignedLocation {\n      name\n      location { id isFulfillmentService fulfillmentService { serviceName } }\n    }\n    lineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShippingFulfillmentOrderLine }\n    }\n  }\n  fragment ShippingFulfillmentOrderLine on FulfillmentOrderLineItem {\n    id totalQuantity remainingQuantity lineItem { id }\n  }": {return: OrderFulfillmentOrdersQuery, variables: OrderFulfillmentOrdersQueryVariables},
  "#graphql\n  query OrderForShipping($id: ID!) {\n    order(id: $id) {\n      id\n      ...OrderFulfillmentOrderNodes\n      lineItems(first: 25) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShippingLineProduct }\n      }\n    }\n    locations(first: 20) {\n      nodes { id isFulfillmentService }\n    }\n  }\n  #graphql\n  fragment ShippingLineProduct on LineItem {\n    id\n    product { id productType tags category { fullName } }\n  }\n  #graphql\n  fragment OrderFulfillmentOrderNodes on Order {\n    fulfillmentOrders(first: 5) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShippingFulfillmentOrder }\n    }\n  }\n  #graphql\n  fragment ShippingFulfillmentOrder on FulfillmentOrder {\n    id\n    status\n    supportedActions { action }\n    deliveryMethod { methodType }\n    fulfillmentHolds { id displayReason reasonNotes heldByRequestingApp }\n    assignedLocation {\n      name\n      location { id isFulfillmentService fulfillmentService { serviceName } }\n    }\n    lineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShippingFulfillmentOrderLine }\n    }\n  }\n  fragment ShippingFulfillmentOrderLine on FulfillmentOrderLineItem {\n    id totalQuantity remainingQuantity lineItem { id }\n  }": {return: OrderForShippingQuery, variables: OrderForShippingQueryVariables},
  "#graphql\n  query OrderFulfillmentOrdersPage($id: ID!, $after: String!) {\n    order(id: $id) {\n      id\n      fulfillmentOrders(first: 10, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShippingFulfillmentOrder }\n      }\n    }\n  }\n  #graphql\n  fragment ShippingFulfillmentOrder on FulfillmentOrder {\n    id\n    status\n    supportedActions { action }\n    deliveryMethod { methodType }\n    fulfillmentHolds { id displayReason reasonNotes heldByRequestingApp }\n    assignedLocation {\n      name\n      location { id isFulfillmentService fulfillmentService { serviceName } }\n    }\n    lineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShippingFulfillmentOrderLine }\n    }\n  }\n  fragment ShippingFulfillmentOrderLine on FulfillmentOrderLineItem {\n    id totalQuantity remainingQuantity lineItem { id }\n  }": {return: OrderFulfillmentOrdersPageQuery, variables: OrderFulfillmentOrdersPageQueryVariables},
  "#graphql\n  query FulfillmentOrderLinesPage($id: ID!, $after: String!) {\n    fulfillmentOrder(id: $id) {\n      id\n      lineItems(first: 250, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShippingFulfillmentOrderLine }\n      }\n    }\n  }\n  fragment ShippingFulfillmentOrderLine on FulfillmentOrderLineItem {\n    id totalQuantity remainingQuantity lineItem { id }\n  }": {return: FulfillmentOrderLinesPageQuery, variables: FulfillmentOrderLinesPageQueryVariables},
  "#graphql\n  query OrderLineProductsPage($id: ID!, $after: String!) {\n    order(id: $id) {\n      id\n      lineItems(first: 250, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShippingLineProduct }\n      }\n    }\n  }\n  #graphql\n  fragment ShippingLineProduct on LineItem {\n    id\n    product { id productType tags category { fullName } }\n  }": {return: OrderLineProductsPageQuery, variables: OrderLineProductsPageQueryVariables},
  "#graphql\n  query FulfillmentOrderOrder($id: ID!) {\n    fulfillmentOrder(id: $id) {\n      id\n      orderId\n    }\n  }": {return: FulfillmentOrderOrderQuery, variables: FulfillmentOrderOrderQueryVariables},
  "#graphql\n  query ShipmentProgressSent($id: ID!) {\n    fulfillment(id: $id) {\n      id\n      events(first: 100, sortKey: HAPPENED_AT) {\n        nodes { id status happenedAt }\n      }\n    }\n  }": {return: ShipmentProgressSentQuery, variables: ShipmentProgressSentQueryVariables},
  "#graphql\n  query ShopLocations {\n    locations(first: 50) {\n      nodes {\n        id\n        name\n        isFulfillmentService\n        fulfillsOnlineOrders\n        address { address1 address2 city province zip countryCode phone latitude longitude }\n      }\n    }\n  }": {return: ShopLocationsQuery, variables: ShopLocationsQueryVariables},
  "#graphql\n  query StatusMetafieldDefinition($identifier: MetafieldDefinitionIdentifierInput!) {\n    metafieldDefinition(identifier: $identifier) {\n      id\n      type { name }\n    }\n  }": {return: StatusMetafieldDefinitionQuery, variables: StatusMetafieldDefinitionQueryVariables},
  "#graphql\n  query OrderPayment($id: ID!) {\n    order(id: $id) {\n      id\n      canMarkAsPaid\n      displayFinancialStatus\n      cancelledAt\n      totalOutstandingSet { shopMoney { amount currencyCode } }\n    }\n  }": {return: OrderPaymentQuery, variables: OrderPaymentQueryVariables},
  "#graphql\n  query ShippingOrder($id: ID!) {\n    order(id: $id) { ...ShippingOrderFields }\n  }\n  #graphql\n  fragment ShippingOrderFields on Order {\n    id\n    legacyResourceId\n    name\n    email\n    phone\n    tags\n    note\n    createdAt\n    updatedAt\n    cancelledAt\n    sourceName\n    currencyCode\n    presentmentCurrencyCode\n    displayFinancialStatus\n    displayFulfillmentStatus\n    paymentGatewayNames\n    totalOutstandingSet { shopMoney { amount currencyCode } }\n    currentTotalPriceSet { shopMoney { amount currencyCode } }\n    customer { legacyResourceId firstName lastName }\n    shippingAddress {\n      firstName lastName name company address1 address2 city province provinceCode zip country countryCodeV2 phone latitude longitude\n    }\n    shippingLines(first: 5) {\n      nodes {\n        code title source carrierIdentifier deliveryCategory isRemoved\n        discountedPriceSet { shopMoney { amount currencyCode } }\n      }\n    }\n    lineItems(first: 10) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShippingOrderLine }\n    }\n  }\n  #graphql\n  fragment ShippingOrderLine on LineItem {\n    id name title variantTitle sku quantity currentQuantity unfulfilledQuantity requiresShipping isGiftCard\n    weight { unit value }\n    originalUnitPriceSet { shopMoney { amount currencyCode } }\n    discountAllocations { allocatedAmountSet { shopMoney { amount currencyCode } } }\n    product { id }\n    variant { id }\n  }": {return: ShippingOrderQuery, variables: ShippingOrderQueryVariables},
  "#graphql\n  query ShippingOrderLinesPage($id: ID!, $after: String!) {\n    order(id: $id) {\n      id\n      lineItems(first: 100, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShippingOrderLine }\n      }\n    }\n  }\n  #graphql\n  fragment ShippingOrderLine on LineItem {\n    id name title variantTitle sku quantity currentQuantity unfulfilledQuantity requiresShipping isGiftCard\n    weight { unit value }\n    originalUnitPriceSet { shopMoney { amount currencyCode } }\n    discountAllocations { allocatedAmountSet { shopMoney { amount currencyCode } } }\n    product { id }\n    variant { id }\n  }": {return: ShippingOrderLinesPageQuery, variables: ShippingOrderLinesPageQueryVariables},
  "#graphql\n  query ShippingOrders($first: Int!, $after: String, $query: String!) {\n    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShippingOrderFields }\n    }\n  }\n  #graphql\n  fragment ShippingOrderFields on Order {\n    id\n    legacyResourceId\n    name\n    email\n    phone\n    tags\n    note\n    createdAt\n    updatedAt\n    cancelledAt\n    sourceName\n    currencyCode\n    presentmentCurrencyCode\n    displayFinancialStatus\n    displayFulfillmentStatus\n    paymentGatewayNames\n    totalOutstandingSet { shopMoney { amount currencyCode } }\n    currentTotalPriceSet { shopMoney { amount currencyCode } }\n    customer { legacyResourceId firstName lastName }\n    shippingAddress {\n      firstName lastName name company address1 address2 city province provinceCode zip country countryCodeV2 phone latitude longitude\n    }\n    shippingLines(first: 5) {\n      nodes {\n        code title source carrierIdentifier deliveryCategory isRemoved\n        discountedPriceSet { shopMoney { amount currencyCode } }\n      }\n    }\n    lineItems(first: 10) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShippingOrderLine }\n    }\n  }\n  #graphql\n  fragment ShippingOrderLine on LineItem {\n    id name title variantTitle sku quantity currentQuantity unfulfilledQuantity requiresShipping isGiftCard\n    weight { unit value }\n    originalUnitPriceSet { shopMoney { amount currencyCode } }\n    discountAllocations { allocatedAmountSet { shopMoney { amount currencyCode } } }\n    product { id }\n    variant { id }\n  }": {return: ShippingOrdersQuery, variables: ShippingOrdersQueryVariables},
  "#graphql\n  query RecentPaymentGateways($first: Int!) {\n    orders(first: $first, sortKey: CREATED_AT, reverse: true) {\n      nodes { paymentGatewayNames }\n    }\n  }": {return: RecentPaymentGatewaysQuery, variables: RecentPaymentGatewaysQueryVariables},
  "#graphql\n  query ProductFacts($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      ... on Product {\n        id\n        productType\n        tags\n      }\n    }\n  }": {return: ProductFactsQuery, variables: ProductFactsQueryVariables},
  "#graphql\n  query CustomerReturn($id: ID!) {\n    return(id: $id) {\n      id\n      name\n      status\n      order { id }\n      reverseFulfillmentOrders(first: 3) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...PickupReverseOrder }\n      }\n    }\n  }\n  #graphql\n  fragment PickupReverseOrder on ReverseFulfillmentOrder {\n    id\n    lineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...PickupReverseLine }\n    }\n    reverseDeliveries(first: 5) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...PickupReverseDelivery }\n    }\n  }\n  #graphql\n  fragment PickupReverseLine on ReverseFulfillmentOrderLineItem {\n    id\n    totalQuantity\n    fulfillmentLineItem { lineItem { id name sku } }\n  }\n  #graphql\n  fragment PickupReverseDelivery on ReverseDelivery {\n    id\n    deliverable {\n      ... on ReverseDeliveryShippingDeliverable { tracking { number } }\n    }\n  }": {return: CustomerReturnQuery, variables: CustomerReturnQueryVariables},
  "#graphql\n  query PickupReverseOrdersPage($id: ID!, $after: String!) {\n    return(id: $id) {\n      id\n      reverseFulfillmentOrders(first: 5, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...PickupReverseOrder }\n      }\n    }\n  }\n  #graphql\n  fragment PickupReverseOrder on ReverseFulfillmentOrder {\n    id\n    lineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...PickupReverseLine }\n    }\n    reverseDeliveries(first: 5) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...PickupReverseDelivery }\n    }\n  }\n  #graphql\n  fragment PickupReverseLine on ReverseFulfillmentOrderLineItem {\n    id\n    totalQuantity\n    fulfillmentLineItem { lineItem { id name sku } }\n  }\n  #graphql\n  fragment PickupReverseDelivery on ReverseDelivery {\n    id\n    deliverable {\n      ... on ReverseDeliveryShippingDeliverable { tracking { number } }\n    }\n  }": {return: PickupReverseOrdersPageQuery, variables: PickupReverseOrdersPageQueryVariables},
  "#graphql\n  query PickupReverseLinesPage($id: ID!, $after: String!) {\n    reverseFulfillmentOrder(id: $id) {\n      id\n      lineItems(first: 250, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...PickupReverseLine }\n      }\n    }\n  }\n  #graphql\n  fragment PickupReverseLine on ReverseFulfillmentOrderLineItem {\n    id\n    totalQuantity\n    fulfillmentLineItem { lineItem { id name sku } }\n  }": {return: PickupReverseLinesPageQuery, variables: PickupReverseLinesPageQueryVariables},
  "#graphql\n  query PickupReverseDeliveriesPage($id: ID!, $after: String!) {\n    reverseFulfillmentOrder(id: $id) {\n      id\n      reverseDeliveries(first: 100, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...PickupReverseDelivery }\n      }\n    }\n  }\n  #graphql\n  fragment PickupReverseDelivery on ReverseDelivery {\n    id\n    deliverable {\n      ... on ReverseDeliveryShippingDeliverable { tracking { number } }\n    }\n  }": {return: PickupReverseDeliveriesPageQuery, variables: PickupReverseDeliveriesPageQueryVariables},
  "#graphql\n  query ShipmentReturnState($orderId: ID!, $fulfillmentId: ID!) {\n    order(id: $orderId) {\n      id\n      cancelledAt\n      displayFinancialStatus\n      totalOutstandingSet { shopMoney { amount currencyCode } }\n      returns(first: 3) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShipmentReturn }\n      }\n    }\n    fulfillment(id: $fulfillmentId) {\n      id\n      location { id name }\n      fulfillmentLineItems(first: 50) {\n        pageInfo { hasNextPage endCursor }\n        nodes { id quantity }\n      }\n    }\n    returnableFulfillments(orderId: $orderId, first: 5) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReturnable }\n    }\n  }\n  #graphql\n  fragment ShipmentReturn on Return {\n    id\n    status\n    returnLineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReturnLine }\n    }\n    reverseFulfillmentOrders(first: 1) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReverseOrder }\n    }\n  }\n  #graphql\n  fragment ShipmentReturnLine on ReturnLineItemType {\n    id\n    quantity\n    processableQuantity\n    ... on ReturnLineItem { fulfillmentLineItem { id } }\n  }\n  #graphql\n  fragment ShipmentReverseOrder on ReverseFulfillmentOrder {\n    id\n    lineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReverseLine }\n    }\n  }\n  #graphql\n  fragment ShipmentReverseLine on ReverseFulfillmentOrderLineItem {\n    id totalQuantity fulfillmentLineItem { id }\n  }\n  #graphql\n  fragment ShipmentReturnable on ReturnableFulfillment {\n    id\n    fulfillment { id }\n    returnableFulfillmentLineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReturnableLine }\n    }\n  }\n  #graphql\n  fragment ShipmentReturnableLine on ReturnableFulfillmentLineItem {\n    quantity fulfillmentLineItem { id }\n  }": {return: ShipmentReturnStateQuery, variables: ShipmentReturnStateQueryVariables},
  "#graphql\n  query ShipmentReturnsPage($id: ID!, $after: String!) {\n    order(id: $id) {\n      id\n      returns(first: 5, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShipmentReturn }\n      }\n    }\n  }\n  #graphql\n  fragment ShipmentReturn on Return {\n    id\n    status\n    returnLineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReturnLine }\n    }\n    reverseFulfillmentOrders(first: 1) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReverseOrder }\n    }\n  }\n  #graphql\n  fragment ShipmentReturnLine on ReturnLineItemType {\n    id\n    quantity\n    processableQuantity\n    ... on ReturnLineItem { fulfillmentLineItem { id } }\n  }\n  #graphql\n  fragment ShipmentReverseOrder on ReverseFulfillmentOrder {\n    id\n    lineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReverseLine }\n    }\n  }\n  #graphql\n  fragment ShipmentReverseLine on ReverseFulfillmentOrderLineItem {\n    id totalQuantity fulfillmentLineItem { id }\n  }": {return: ShipmentReturnsPageQuery, variables: ShipmentReturnsPageQueryVariables},
  "#graphql\n  query ShipmentReturnLinesPage($id: ID!, $after: String!) {\n    return(id: $id) {\n      id\n      returnLineItems(first: 250, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShipmentReturnLine }\n      }\n    }\n  }\n  #graphql\n  fragment ShipmentReturnLine on ReturnLineItemType {\n    id\n    quantity\n    processableQuantity\n    ... on ReturnLineItem { fulfillmentLineItem { id } }\n  }": {return: ShipmentReturnLinesPageQuery, variables: ShipmentReturnLinesPageQueryVariables},
  "#graphql\n  query ShipmentReverseOrdersPage($id: ID!, $after: String!) {\n    return(id: $id) {\n      id\n      reverseFulfillmentOrders(first: 10, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShipmentReverseOrder }\n      }\n    }\n  }\n  #graphql\n  fragment ShipmentReverseOrder on ReverseFulfillmentOrder {\n    id\n    lineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReverseLine }\n    }\n  }\n  #graphql\n  fragment ShipmentReverseLine on ReverseFulfillmentOrderLineItem {\n    id totalQuantity fulfillmentLineItem { id }\n  }": {return: ShipmentReverseOrdersPageQuery, variables: ShipmentReverseOrdersPageQueryVariables},
  "#graphql\n  query ShipmentReverseLinesPage($id: ID!, $after: String!) {\n    reverseFulfillmentOrder(id: $id) {\n      id\n      lineItems(first: 250, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShipmentReverseLine }\n      }\n    }\n  }\n  #graphql\n  fragment ShipmentReverseLine on ReverseFulfillmentOrderLineItem {\n    id totalQuantity fulfillmentLineItem { id }\n  }": {return: ShipmentReverseLinesPageQuery, variables: ShipmentReverseLinesPageQueryVariables},
  "#graphql\n  query ShipmentFulfillmentLinesPage($id: ID!, $after: String!) {\n    fulfillment(id: $id) {\n      id\n      fulfillmentLineItems(first: 250, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { id quantity }\n      }\n    }\n  }": {return: ShipmentFulfillmentLinesPageQuery, variables: ShipmentFulfillmentLinesPageQueryVariables},
  "#graphql\n  query ShipmentReturnablesPage($orderId: ID!, $after: String!) {\n    returnableFulfillments(orderId: $orderId, first: 10, after: $after) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReturnable }\n    }\n  }\n  #graphql\n  fragment ShipmentReturnable on ReturnableFulfillment {\n    id\n    fulfillment { id }\n    returnableFulfillmentLineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReturnableLine }\n    }\n  }\n  #graphql\n  fragment ShipmentReturnableLine on ReturnableFulfillmentLineItem {\n    quantity fulfillmentLineItem { id }\n  }": {return: ShipmentReturnablesPageQuery, variables: ShipmentReturnablesPageQueryVariables},
  "#graphql\n  query ShipmentReturnableLinesPage($id: ID!, $after: String!) {\n    returnableFulfillment(id: $id) {\n      id\n      returnableFulfillmentLineItems(first: 250, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes { ...ShipmentReturnableLine }\n      }\n    }\n  }\n  #graphql\n  fragment ShipmentReturnableLine on ReturnableFulfillmentLineItem {\n    quantity fulfillmentLineItem { id }\n  }": {return: ShipmentReturnableLinesPageQuery, variables: ShipmentReturnableLinesPageQueryVariables},
  "#graphql\n  query OrderCancelState($jobId: ID!, $orderId: ID!) {\n    job(id: $jobId) { id done }\n    order(id: $orderId) { id cancelledAt }\n  }": {return: OrderCancelStateQuery, variables: OrderCancelStateQueryVariables},
  "#graphql\n  query ShopName {\n    shop {\n      name\n    }\n  }": {return: ShopNameQuery, variables: ShopNameQueryVariables},
  "#graphql\n  query GrantedScopes {\n    currentAppInstallation {\n      accessScopes {\n        handle\n      }\n    }\n  }": {return: GrantedScopesQuery, variables: GrantedScopesQueryVariables},
  "#graphql\n  query ShopTimeZone {\n    shop {\n      ianaTimezone\n    }\n  }": {return: ShopTimeZoneQuery, variables: ShopTimeZoneQueryVariables},
  "#graphql\n  query VariantDimensions($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      ... on ProductVariant {\n        id\n        length: metafield(namespace: \"shipping\", key: \"length\") { type value }\n        width: metafield(namespace: \"shipping\", key: \"width\") { type value }\n        height: metafield(namespace: \"shipping\", key: \"height\") { type value }\n      }\n    }\n  }": {return: VariantDimensionsQuery, variables: VariantDimensionsQueryVariables},
}

interface GeneratedMutationTypes {
  "#graphql\n  mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {\n    carrierServiceCreate(input: $input) {\n      carrierService { id active callbackUrl }\n      userErrors { field message }\n    }\n  }": {return: CarrierServiceCreateMutation, variables: CarrierServiceCreateMutationVariables},
  "#graphql\n  mutation CarrierServiceUpdate($input: DeliveryCarrierServiceUpdateInput!) {\n    carrierServiceUpdate(input: $input) {\n      carrierService { id active callbackUrl }\n      userErrors { field message }\n    }\n  }": {return: CarrierServiceUpdateMutation, variables: CarrierServiceUpdateMutationVariables},
  "#graphql\n  mutation CarrierServiceDelete($id: ID!) {\n    carrierServiceDelete(id: $id) {\n      deletedId\n      userErrors { field message }\n    }\n  }": {return: CarrierServiceDeleteMutation, variables: CarrierServiceDeleteMutationVariables},
  "#graphql\n  mutation BookingHold($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) {\n    fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) {\n      fulfillmentHold { id }\n      userErrors { field message }\n    }\n  }": {return: BookingHoldMutation, variables: BookingHoldMutationVariables},
  "#graphql\n  mutation BookingHoldRelease($id: ID!, $holdIds: [ID!]) {\n    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {\n      fulfillmentOrder { id status }\n      userErrors { field message }\n    }\n  }": {return: BookingHoldReleaseMutation, variables: BookingHoldReleaseMutationVariables},
  "#graphql\n  mutation ShipmentFulfillment($fulfillment: FulfillmentInput!) {\n    fulfillmentCreate(fulfillment: $fulfillment) {\n      fulfillment { id status }\n      userErrors { field message }\n    }\n  }": {return: ShipmentFulfillmentMutation, variables: ShipmentFulfillmentMutationVariables},
  "#graphql\n  mutation ShipmentTracking(\n    $fulfillmentId: ID!\n    $trackingInfoInput: FulfillmentTrackingInput!\n    $notifyCustomer: Boolean!\n  ) {\n    fulfillmentTrackingInfoUpdate(\n      fulfillmentId: $fulfillmentId\n      trackingInfoInput: $trackingInfoInput\n      notifyCustomer: $notifyCustomer\n    ) {\n      fulfillment { id }\n      userErrors { field message }\n    }\n  }": {return: ShipmentTrackingMutation, variables: ShipmentTrackingMutationVariables},
  "#graphql\n  mutation ShipmentProgress($fulfillmentEvent: FulfillmentEventInput!) {\n    fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) {\n      fulfillmentEvent { id status happenedAt }\n      userErrors { field message }\n    }\n  }": {return: ShipmentProgressMutation, variables: ShipmentProgressMutationVariables},
  "#graphql\n  mutation StatusMetafieldDefinitionCreate($definition: MetafieldDefinitionInput!) {\n    metafieldDefinitionCreate(definition: $definition) {\n      createdDefinition { id }\n      userErrors { field message code }\n    }\n  }": {return: StatusMetafieldDefinitionCreateMutation, variables: StatusMetafieldDefinitionCreateMutationVariables},
  "#graphql\n  mutation StatusMetafieldDefinitionUpdate($definition: MetafieldDefinitionUpdateInput!) {\n    metafieldDefinitionUpdate(definition: $definition) {\n      updatedDefinition { id }\n      userErrors { field message code }\n    }\n  }": {return: StatusMetafieldDefinitionUpdateMutation, variables: StatusMetafieldDefinitionUpdateMutationVariables},
  "#graphql\n  mutation ShipmentStatusMetafield($metafields: [MetafieldsSetInput!]!) {\n    metafieldsSet(metafields: $metafields) {\n      metafields { id }\n      userErrors { field message }\n    }\n  }": {return: ShipmentStatusMetafieldMutation, variables: ShipmentStatusMetafieldMutationVariables},
  "#graphql\n  mutation OrderShippingAddressUpdate($input: OrderInput!) {\n    orderUpdate(input: $input) {\n      order {\n        id\n        shippingAddress { address1 address2 city provinceCode zip }\n      }\n      userErrors { field message }\n    }\n  }": {return: OrderShippingAddressUpdateMutation, variables: OrderShippingAddressUpdateMutationVariables},
  "#graphql\n  mutation OrderInvoiceSend($id: ID!, $email: EmailInput) {\n    orderInvoiceSend(id: $id, email: $email) {\n      order { id }\n      userErrors { field message code }\n    }\n  }": {return: OrderInvoiceSendMutation, variables: OrderInvoiceSendMutationVariables},
  "#graphql\n  mutation OrderRiskAssessmentCreate($input: OrderRiskAssessmentCreateInput!) {\n    orderRiskAssessmentCreate(orderRiskAssessmentInput: $input) {\n      orderRiskAssessment { riskLevel }\n      userErrors { field message code }\n    }\n  }": {return: OrderRiskAssessmentCreateMutation, variables: OrderRiskAssessmentCreateMutationVariables},
  "#graphql\n  mutation OrderMarkAsPaid($input: OrderMarkAsPaidInput!) {\n    orderMarkAsPaid(input: $input) {\n      order { id displayFinancialStatus }\n      userErrors { field message }\n    }\n  }": {return: OrderMarkAsPaidMutation, variables: OrderMarkAsPaidMutationVariables},
  "#graphql\n  mutation ReturnPickupTracking(\n    $reverseFulfillmentOrderId: ID!\n    $reverseDeliveryLineItems: [ReverseDeliveryLineItemInput!]!\n    $trackingInput: ReverseDeliveryTrackingInput\n    $notifyCustomer: Boolean!\n  ) {\n    reverseDeliveryCreateWithShipping(\n      reverseFulfillmentOrderId: $reverseFulfillmentOrderId\n      reverseDeliveryLineItems: $reverseDeliveryLineItems\n      trackingInput: $trackingInput\n      notifyCustomer: $notifyCustomer\n    ) {\n      reverseDelivery {\n        id\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }": {return: ReturnPickupTrackingMutation, variables: ReturnPickupTrackingMutationVariables},
  "#graphql\n  mutation ShipmentReturnCreate($returnInput: ReturnInput!) {\n    returnCreate(returnInput: $returnInput) {\n      return { ...ShipmentReturn }\n      userErrors { field message code }\n    }\n  }\n  #graphql\n  fragment ShipmentReturn on Return {\n    id\n    status\n    returnLineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReturnLine }\n    }\n    reverseFulfillmentOrders(first: 1) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReverseOrder }\n    }\n  }\n  #graphql\n  fragment ShipmentReturnLine on ReturnLineItemType {\n    id\n    quantity\n    processableQuantity\n    ... on ReturnLineItem { fulfillmentLineItem { id } }\n  }\n  #graphql\n  fragment ShipmentReverseOrder on ReverseFulfillmentOrder {\n    id\n    lineItems(first: 25) {\n      pageInfo { hasNextPage endCursor }\n      nodes { ...ShipmentReverseLine }\n    }\n  }\n  #graphql\n  fragment ShipmentReverseLine on ReverseFulfillmentOrderLineItem {\n    id totalQuantity fulfillmentLineItem { id }\n  }": {return: ShipmentReturnCreateMutation, variables: ShipmentReturnCreateMutationVariables},
  "#graphql\n  mutation ShipmentReturnProcess($input: ReturnProcessInput!) {\n    returnProcess(input: $input) {\n      return { id status }\n      userErrors { field message code }\n    }\n  }": {return: ShipmentReturnProcessMutation, variables: ShipmentReturnProcessMutationVariables},
  "#graphql\n  mutation ShipmentReturnClose($id: ID!) {\n    returnClose(id: $id) {\n      return { id status }\n      userErrors { field message code }\n    }\n  }": {return: ShipmentReturnCloseMutation, variables: ShipmentReturnCloseMutationVariables},
  "#graphql\n  mutation ReturnedOrderCancel($orderId: ID!, $restock: Boolean!, $staffNote: String) {\n    orderCancel(\n      orderId: $orderId\n      reason: CUSTOMER\n      refundMethod: { originalPaymentMethodsRefund: false }\n      restock: $restock\n      notifyCustomer: false\n      staffNote: $staffNote\n    ) {\n      job { id done }\n      orderCancelUserErrors { field message code }\n    }\n  }": {return: ReturnedOrderCancelMutation, variables: ReturnedOrderCancelMutationVariables},
}
declare module '@shopify/admin-api-client' {
  type InputMaybe<T> = AdminTypes.InputMaybe<T>;
  interface AdminQueries extends GeneratedQueryTypes {}
  interface AdminMutations extends GeneratedMutationTypes {}
}
