/** The order's shipping status metafields and their definitions (app/shipments/status-metafields.ts). */
export const METAFIELD_DEFINITION_QUERY = `#graphql
  query StatusMetafieldDefinition($identifier: MetafieldDefinitionIdentifierInput!) {
    metafieldDefinition(identifier: $identifier) {
      id
      type { name }
    }
  }`;

export const METAFIELD_DEFINITION_CREATE = `#graphql
  mutation StatusMetafieldDefinitionCreate($definition: MetafieldDefinitionInput!) {
    metafieldDefinitionCreate(definition: $definition) {
      createdDefinition { id }
      userErrors { field message code }
    }
  }`;

export const METAFIELD_DEFINITION_UPDATE = `#graphql
  mutation StatusMetafieldDefinitionUpdate($definition: MetafieldDefinitionUpdateInput!) {
    metafieldDefinitionUpdate(definition: $definition) {
      updatedDefinition { id }
      userErrors { field message code }
    }
  }`;

export const METAFIELDS_SET = `#graphql
  mutation ShipmentStatusMetafield($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { id }
      userErrors { field message }
    }
  }`;
