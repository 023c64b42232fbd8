import { BlockStack, Modal, Text } from "@shopify/polaris";

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** What will happen, one sentence a paragraph: which parcels, which couriers, what it costs. */
  body: readonly string[];
  /** The action's own words ("Book courier"); none when nothing can be done (then only "back"). */
  confirmLabel: string | null;
  backLabel: string;
  /** Cancelling and other acts that cannot be undone are shown as such. */
  destructive?: boolean;
  loading?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asks before an action that spends money or cannot be undone (booking, cancelling): nothing is
 * sent until the merchant confirms here. Polaris's modal, in the page (decision record 0010).
 */
export function ConfirmModal({
  open,
  title,
  body,
  confirmLabel,
  backLabel,
  destructive,
  loading,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      primaryAction={
        confirmLabel
          ? { content: confirmLabel, destructive, loading, onAction: onConfirm }
          : undefined
      }
      secondaryActions={[{ content: backLabel, onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          {body.map((line) => (
            <Text as="p" key={line}>
              {line}
            </Text>
          ))}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
