import { BlockStack, Spinner, Text } from "@shopify/polaris";

/** A modal's body while what it shows is read from the service: a spinner and what it waits for. */
export function ModalLoading({ label }: { label: string }) {
  return (
    <BlockStack gap="200" inlineAlign="center">
      <Spinner size="small" accessibilityLabel={label} />
      <Text as="p" tone="subdued">
        {label}
      </Text>
    </BlockStack>
  );
}
