import { BlockStack, Box, Card, Divider, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

export interface TimelineEntry {
  id: number;
  title: string;
  who: string;
  change: string | null;
  message: string | null;
  relative: string;
  exact: string;
}

/** A shipment's timeline, newest first: what happened, who did it, what changed, why, when. */
export function ShipmentTimeline({ events }: { events: readonly TimelineEntry[] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("shipment.timeline")}
        </Text>
        {events.map((e, i) => (
          <BlockStack gap="100" key={e.id}>
            {i > 0 && <Divider />}
            <Box paddingBlockStart={i > 0 ? "200" : "0"}>
              <InlineStack align="space-between" gap="200" wrap>
                <Text as="h3" variant="headingSm">
                  {e.title}
                </Text>
                <Text as="span" tone="subdued">
                  <span title={e.exact}>{`${e.relative} · ${e.exact}`}</span>
                </Text>
              </InlineStack>
              <Text as="p" tone="subdued">
                {e.who}
                {e.change ? ` · ${e.change}` : ""}
              </Text>
              {e.message && (
                <Text as="p" breakWord>
                  {e.message}
                </Text>
              )}
            </Box>
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}
