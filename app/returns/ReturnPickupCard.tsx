import { Form } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Link,
  Select,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PickupWords } from "./pickup-words.server";

/** A customer's return on the shipment's page: what comes back, the quote, one action to book it. */
export function ReturnPickupCard({
  view,
  busy,
  orderUrl,
}: {
  view: PickupWords;
  busy: boolean;
  orderUrl: string;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(view.options?.[0]?.value ?? "");
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {view.title}
        </Text>
        <Text as="p">{view.sentence}</Text>
        {view.lines.length > 0 && (
          <BlockStack gap="100">
            {view.lines.map((l) => (
              <Text as="p" tone="subdued" key={l}>
                {l}
              </Text>
            ))}
          </BlockStack>
        )}
        {view.waybill && (
          <Text as="p">
            {t("returnPickup.waybill")}{" "}
            {view.trackingUrl ? (
              <Link url={view.trackingUrl} target="_blank">
                {view.waybill}
              </Link>
            ) : (
              view.waybill
            )}
          </Text>
        )}
        {view.problem && <Banner tone="warning">{view.problem}</Banner>}
        {view.quoteError && <Banner tone="warning">{view.quoteError}</Banner>}
        {view.options && view.options.length > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="book_return_pickup" />
            <input type="hidden" name="pickupId" value={view.id} />
            <BlockStack gap="200">
              <Select
                label={t("returnPickup.choose")}
                name="courier"
                options={view.options}
                value={choice}
                onChange={setChoice}
              />
              <InlineStack gap="200">
                <Button submit variant="primary" loading={busy}>
                  {t("returnPickup.book")}
                </Button>
                <Button url={orderUrl} target="_top">
                  {t("common.openOrder")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        )}
      </BlockStack>
    </Card>
  );
}
