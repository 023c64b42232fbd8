import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/**
 * A card holding one table: its heading (and what the table shows, when said), then the table, or
 * a sentence when there is nothing to list.
 */
export function TableCard({
  title,
  about,
  empty,
  children,
}: {
  title: string;
  about?: string;
  /** Said instead of the table; null when there are rows. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card padding="0">
      <div style={{ padding: "12px 16px" }}>
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          {about && (
            <Text as="p" tone="subdued">
              {about}
            </Text>
          )}
        </BlockStack>
      </div>
      {empty !== null ? (
        <div style={{ padding: "0 16px 16px" }}>
          <Text as="p" tone="subdued">
            {empty}
          </Text>
        </div>
      ) : (
        children
      )}
    </Card>
  );
}
