import { BlockStack, Modal, Text } from "@shopify/polaris";

/** What an action that spends money or cannot be undone will do, asked before it is sent. */
export interface Question {
  title: string;
  /** What will happen, one sentence a paragraph: which parcels, which couriers, what it costs. */
  body: readonly string[];
  /** The action's own words ("Book courier"); null when nothing can be done (then only "back"). */
  action: string | null;
  /** Cancelling and other acts that cannot be undone are shown as such. */
  destructive: boolean;
}

export interface ConfirmModalProps {
  /** Null: closed. */
  question: Question | null;
  backLabel: string;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asks before an action that spends money or cannot be undone (booking, cancelling): nothing is
 * sent until the merchant confirms here. Polaris's modal, in the page (decision record 0010).
 */
export function ConfirmModal({ question, backLabel, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal
      open={question !== null}
      onClose={onClose}
      title={question?.title ?? ""}
      primaryAction={
        question?.action
          ? { content: question.action, destructive: question.destructive, onAction: onConfirm }
          : undefined
      }
      secondaryActions={[{ content: backLabel, onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          {(question?.body ?? []).map((line) => (
            <Text as="p" key={line}>
              {line}
            </Text>
          ))}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
