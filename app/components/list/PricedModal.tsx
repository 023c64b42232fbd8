import { Banner, BlockStack, Modal, Spinner, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A bulk action's modal whose body is read from the shipping service when it opens (prices,
 * premiums): a spinner and what it waits for while it loads; then the service's refusal, if any,
 * and the body; "Kembali" always, the primary action once there is something to do.
 */
export function PricedModal({
  open,
  title,
  loading,
  error,
  primary,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  /** What the modal waits for, said while it loads; null once loaded. */
  loading: string | null;
  /** The service could not be asked, in words. */
  error: string | null;
  primary: { content: string; onAction(): void } | null;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      primaryAction={primary ?? undefined}
      secondaryActions={[{ content: t("list.ask.back"), onAction: onClose }]}
    >
      <Modal.Section>
        {loading !== null ? (
          <BlockStack gap="200" inlineAlign="center">
            <Spinner size="small" accessibilityLabel={loading} />
            <Text as="p" tone="subdued">
              {loading}
            </Text>
          </BlockStack>
        ) : (
          <BlockStack gap="300">
            {error && <Banner tone="warning">{error}</Banner>}
            {children}
          </BlockStack>
        )}
      </Modal.Section>
    </Modal>
  );
}
