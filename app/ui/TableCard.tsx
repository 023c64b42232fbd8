import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { KeyboardScroll } from "./KeyboardScroll";

/**
 * A card holding one table: its heading (and what the table shows, when said), then the table
 * (reachable by keyboard when it scrolls sideways, named by the heading), or a sentence when there
 * is nothing to list.
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
        <div className="pb-table-card">
          <KeyboardScroll label={title}>{children}</KeyboardScroll>
        </div>
      )}
    </Card>
  );
}
