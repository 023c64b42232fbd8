import { Form, useNavigation } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

export interface PayoutLine {
  id: string;
  line: string;
  check: string;
  differs: boolean;
}

/** The payouts recorded, newest first, each against what its parcels came to; one removed by mistake frees them. */
export function PayoutList({ payouts }: { payouts: PayoutLine[] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const removing = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("cod.payouts.title")}
        </Text>
        {payouts.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("cod.payouts.none")}
          </Text>
        ) : (
          payouts.map((p) => (
            <InlineStack key={p.id} gap="300" align="space-between" blockAlign="center">
              <BlockStack gap="0">
                <Text as="span">{p.line}</Text>
                <Text as="span" variant="bodySm" tone={p.differs ? "caution" : "subdued"}>
                  {p.check}
                </Text>
              </BlockStack>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={p.id} />
                <Button submit variant="plain" tone="critical" loading={removing === p.id}>
                  {t("cod.payouts.remove")}
                </Button>
              </Form>
            </InlineStack>
          ))
        )}
      </BlockStack>
    </Card>
  );
}
