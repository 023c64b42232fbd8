// The `shopify` global each module's target gives it (the Shopify CLI writes equivalent declarations).
import "@shopify/ui-extensions";
import type { Api as OrderBlockApi } from "@shopify/ui-extensions/admin.order-details.block.render";
import type { Api as BulkActionApi } from "@shopify/ui-extensions/admin.order-index.selection-action.render";

declare module "./src/OrderBlock.tsx" {
  const shopify: OrderBlockApi;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/BulkAction.tsx" {
  const shopify: BulkActionApi;
  const globalThis: { shopify: typeof shopify };
}
