import { BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A parcel that stopped moving (app/shipments/stuck-help.ts): what the seller does, the buyer's
 * WhatsApp (in the problem's banner above) and the parcel's facts for the courier's customer
 * service, copied in one press. Where the admin's frame does not allow the clipboard, the facts are
 * selected for the merchant to copy by hand.
 */
export function StuckHelpCard({ facts }: { facts: string }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState<"copied" | "copyByHand" | null>(null);
  const field = useRef<HTMLDivElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(facts);
      setSaid("copied");
    } catch {
      field.current?.querySelector("textarea")?.select();
      setSaid("copyByHand");
    }
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("shipment.stuckHelp.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("shipment.stuckHelp.about")}
        </Text>
        <div ref={field}>
          <TextField
            label={t("shipment.stuckHelp.factsLabel")}
            value={facts}
            multiline={6}
            readOnly
            autoComplete="off"
            selectTextOnFocus
          />
        </div>
        <InlineStack gap="300" blockAlign="center">
          <Button onClick={() => void copy()}>{t("shipment.stuckHelp.copy")}</Button>
          <div role="status">
            {said && (
              <Text as="span" tone={said === "copied" ? "success" : undefined}>
                {t(`shipment.stuckHelp.${said}`)}
              </Text>
            )}
          </div>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
