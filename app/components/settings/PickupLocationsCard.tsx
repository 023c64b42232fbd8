import { Form } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { ShopSettings } from "../../shops/settings";
import { GroupHeading } from "./GroupHeading";
import { LocationForm } from "./LocationForm";

/** 2. Pickup locations: each kept in the service's list; shipments leave from the default one. */
export function PickupLocationsCard({
  settings,
  editing,
  setEditing,
  errors,
  answer,
  busy,
  disabled,
}: {
  settings: Pick<ShopSettings, "locations" | "pickup">;
  editing: string | null;
  setEditing: (id: string | null) => void;
  errors: Record<string, string>;
  /** The page's answer to the last location form sent. */
  answer: { ok: boolean } | null;
  busy: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <GroupHeading title={t("settings.pickup.title")}>{t("settings.pickup.about")}</GroupHeading>
        {settings.locations.map((l) => (
          <BlockStack gap="100" key={l.locationId}>
            <InlineStack gap="200" blockAlign="center">
              <Text as="p" fontWeight="semibold">
                {l.contactName}
              </Text>
              {settings.pickup?.locationId === l.locationId && (
                <Badge tone="success">{t("settings.pickup.default")}</Badge>
              )}
            </InlineStack>
            <Text as="p">{`${l.address}, ${l.postalCode}${l.latitude !== undefined ? ` (${l.latitude}, ${l.longitude})` : ""}`}</Text>
            <InlineStack gap="200">
              <Button variant="plain" onClick={() => setEditing(l.locationId)}>
                {t("settings.pickup.edit")}
              </Button>
              {settings.pickup?.locationId !== l.locationId && (
                <Form method="post">
                  <input type="hidden" name="intent" value="defaultLocation" />
                  <input type="hidden" name="locationId" value={l.locationId} />
                  <Button submit variant="plain">
                    {t("settings.pickup.makeDefault")}
                  </Button>
                </Form>
              )}
              <Form method="post">
                <input type="hidden" name="intent" value="deleteLocation" />
                <input type="hidden" name="locationId" value={l.locationId} />
                <Button submit variant="plain" tone="critical">
                  {t("settings.pickup.remove")}
                </Button>
              </Form>
            </InlineStack>
          </BlockStack>
        ))}
        <LocationForm
          key={`${editing ?? "new"}-${settings.locations.length}`}
          location={settings.locations.find((l) => l.locationId === editing) ?? null}
          errors={errors}
          answer={answer}
          busy={busy}
          disabled={disabled}
        />
        {editing && (
          <Button variant="plain" onClick={() => setEditing(null)}>
            {t("settings.pickup.addInstead")}
          </Button>
        )}
      </BlockStack>
    </Card>
  );
}
