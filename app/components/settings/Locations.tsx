import { Form } from "@remix-run/react";
import {
  BlockStack,
  Button,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SavedLocation } from "../../shops/settings";
import { PICKUP_TEXT_LIMITS } from "../../shops/pickup-limits";
import { AreaSearch } from "./AreaSearch";
import { Field } from "./Field";

/** Add a pickup location, or edit one (its service id goes along). */
export function LocationForm({
  location,
  errors,
  busy,
  disabled,
}: {
  location: SavedLocation | null;
  errors: Record<string, string>;
  busy: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [postalCode, setPostalCode] = useState(
    location?.postalCode ? String(location.postalCode) : "",
  );
  const [area, setArea] = useState<string | null>(null);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="saveLocation" />
      {location && <input type="hidden" name="locationId" value={location.locationId} />}
      <FormLayout>
        <Text as="h3" variant="headingSm">
          {location
            ? t("settings.pickup.editOne", { name: location.contactName })
            : t("settings.pickup.add")}
        </Text>
        <FormLayout.Group>
          <Field
            label={t("settings.pickup.contactName")}
            name="contactName"
            maxLength={PICKUP_TEXT_LIMITS.contactName}
            initial={location?.contactName ?? ""}
            autoComplete="off"
            error={errors.contactName}
          />
          <Field
            label={t("settings.pickup.contactPhone")}
            name="contactPhone"
            maxLength={PICKUP_TEXT_LIMITS.contactPhone}
            initial={location?.contactPhone ?? ""}
            autoComplete="off"
            error={errors.contactPhone}
          />
        </FormLayout.Group>
        <Field
          label={t("settings.pickup.address")}
          name="address"
          maxLength={PICKUP_TEXT_LIMITS.address}
          showCharacterCount
          initial={location?.address ?? ""}
          autoComplete="off"
          multiline={2}
          error={errors.address}
        />
        <AreaSearch
          onChoose={(area) => {
            if (area.postalCode) setPostalCode(area.postalCode);
            setArea(area.label);
          }}
        />
        <FormLayout.Group>
          <TextField
            label={t("settings.pickup.postalCode")}
            name="postalCode"
            value={postalCode}
            onChange={setPostalCode}
            helpText={area ? t("settings.pickup.area.chosen", { area }) : undefined}
            autoComplete="off"
            error={errors.postalCode}
          />
          <Field
            label={t("settings.pickup.latitude")}
            name="latitude"
            initial={location?.latitude !== undefined ? String(location.latitude) : ""}
            autoComplete="off"
            helpText={t("settings.pickup.latitudeHelp")}
            error={errors.latitude}
          />
          <Field
            label={t("settings.pickup.longitude")}
            name="longitude"
            initial={location?.longitude !== undefined ? String(location.longitude) : ""}
            autoComplete="off"
            error={errors.longitude}
          />
        </FormLayout.Group>
        <Field
          label={t("settings.pickup.note")}
          name="note"
          initial={location?.note ?? ""}
          maxLength={PICKUP_TEXT_LIMITS.note}
          autoComplete="off"
          error={errors.note}
        />
        <Button submit loading={busy} disabled={disabled}>
          {t("settings.pickup.save")}
        </Button>
      </FormLayout>
    </Form>
  );
}

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
