import { Form } from "@remix-run/react";
import { BlockStack, Button, InlineStack, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SavedLocation } from "../../shops/settings";

/** One Shopify location: the pickup location it is connected to, or one made from its address. */
export function ShopifyLocationRow({
  location,
  linked,
  pickups,
  disabled,
  busy,
}: {
  location: { id: string; name: string; place: string };
  linked: string;
  pickups: SavedLocation[];
  disabled: boolean;
  busy: boolean;
}) {
  const [choice, setChoice] = useState(linked);
  const { t } = useTranslation();
  return (
    <InlineStack gap="300" blockAlign="end" wrap>
      <BlockStack gap="050">
        <Text as="p" fontWeight="semibold">
          {location.name}
        </Text>
        <Text as="p" tone="subdued">
          {location.place || t("settings.shopify.noAddress")}
        </Text>
      </BlockStack>
      <Form method="post">
        <input type="hidden" name="intent" value="connectLocation" />
        <input type="hidden" name="shopifyLocationId" value={location.id} />
        <InlineStack gap="200" blockAlign="end">
          <Select
            label={t("settings.shopify.pickupFor", { name: location.name })}
            labelHidden
            name="pickupLocationId"
            options={[
              { label: t("settings.shopify.notConnected"), value: "" },
              ...pickups.map((p) => ({ label: p.contactName, value: p.locationId })),
            ]}
            value={choice}
            onChange={setChoice}
          />
          <Button submit disabled={disabled || choice === linked} loading={busy}>
            {t("settings.shopify.connect")}
          </Button>
        </InlineStack>
      </Form>
      {!linked && (
        <Form method="post">
          <input type="hidden" name="intent" value="pickupFromLocation" />
          <input type="hidden" name="shopifyLocationId" value={location.id} />
          <Button submit variant="plain" disabled={disabled}>
            {t("settings.shopify.makePickup")}
          </Button>
        </Form>
      )}
    </InlineStack>
  );
}
