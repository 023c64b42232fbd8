import { BlockStack, Box, Button, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/**
 * What the list says when it shows nothing: for a shop with no shipment yet, what will happen when
 * orders arrive (as its settings make it happen) and how to bring in older ones; for a search or
 * a filter that matches nothing, that, with the way back to every shipment.
 */
export function EmptyList({
  anyShipment,
  filtered,
  search,
  setupNeeded,
  drafting,
  autoConfirm,
  onImport,
  onShowAll,
}: {
  anyShipment: boolean;
  filtered: boolean;
  search: string;
  setupNeeded: boolean;
  drafting: boolean;
  autoConfirm: boolean;
  onImport: () => void;
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  if (!anyShipment)
    return (
      <Box padding="600">
        <BlockStack gap="300" inlineAlign="center">
          <Text as="h2" variant="headingMd">
            {t("list.empty.newTitle")}
          </Text>
          <Text as="p" alignment="center">
            {setupNeeded
              ? t("list.empty.newSetup")
              : !drafting
                ? t("list.empty.newManual")
                : autoConfirm
                  ? t("list.empty.newAutoBook")
                  : t("list.empty.newDrafts")}
          </Text>
          <Text as="p" alignment="center" tone="subdued">
            {t("list.empty.older")}
          </Text>
          <InlineStack>
            <Button onClick={onImport}>{t("list.import.action")}</Button>
          </InlineStack>
        </BlockStack>
      </Box>
    );
  return (
    <Box padding="600">
      <BlockStack gap="300" inlineAlign="center">
        <Text as="h2" variant="headingMd">
          {search ? t("list.empty.noMatch", { search }) : t("list.empty.noneHere")}
        </Text>
        {filtered && (
          <InlineStack>
            <Button onClick={onShowAll}>{t("list.empty.showAll")}</Button>
          </InlineStack>
        )}
      </BlockStack>
    </Box>
  );
}
