import { Form } from "@remix-run/react";
import { BlockStack, Button, FormLayout, InlineStack, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import type { SavedLocation } from "../../shops/settings";
import { PICKUP_TEXT_LIMITS } from "../../shops/pickup-limits";
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
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="saveLocation" />
      {location && <input type="hidden" name="locationId" value={location.locationId} />}
      <FormLayout>
        <Text as="h3" variant="headingSm">
          {location ? `Edit ${location.contactName}` : "Add a pickup location"}
        </Text>
        <FormLayout.Group>
          <Field
            label="Contact name"
            name="contactName"
            maxLength={PICKUP_TEXT_LIMITS.contactName}
            initial={location?.contactName ?? ""}
            autoComplete="off"
            error={errors.contactName}
          />
          <Field
            label="Contact phone"
            name="contactPhone"
            maxLength={PICKUP_TEXT_LIMITS.contactPhone}
            initial={location?.contactPhone ?? ""}
            autoComplete="off"
            error={errors.contactPhone}
          />
        </FormLayout.Group>
        <Field
          label="Address"
          name="address"
          maxLength={PICKUP_TEXT_LIMITS.address}
          showCharacterCount
          initial={location?.address ?? ""}
          autoComplete="off"
          multiline={2}
          error={errors.address}
        />
        <FormLayout.Group>
          <Field
            label="Postal code"
            name="postalCode"
            initial={location?.postalCode ? String(location.postalCode) : ""}
            autoComplete="off"
            error={errors.postalCode}
          />
          <Field
            label="Latitude"
            name="latitude"
            initial={location?.latitude !== undefined ? String(location.latitude) : ""}
            autoComplete="off"
            helpText="Needed for instant couriers"
            error={errors.latitude}
          />
          <Field
            label="Longitude"
            name="longitude"
            initial={location?.longitude !== undefined ? String(location.longitude) : ""}
            autoComplete="off"
            error={errors.longitude}
          />
        </FormLayout.Group>
        <Field
          label="Note for the courier"
          name="note"
          initial={location?.note ?? ""}
          maxLength={PICKUP_TEXT_LIMITS.note}
          autoComplete="off"
          error={errors.note}
        />
        <Button submit loading={busy} disabled={disabled}>
          Save pickup location
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
  return (
    <InlineStack gap="300" blockAlign="end" wrap>
      <BlockStack gap="050">
        <Text as="p" fontWeight="semibold">
          {location.name}
        </Text>
        <Text as="p" tone="subdued">
          {location.place || "No address in Shopify"}
        </Text>
      </BlockStack>
      <Form method="post">
        <input type="hidden" name="intent" value="connectLocation" />
        <input type="hidden" name="shopifyLocationId" value={location.id} />
        <InlineStack gap="200" blockAlign="end">
          <Select
            label={`Pickup location for ${location.name}`}
            labelHidden
            name="pickupLocationId"
            options={[
              { label: "Not connected", value: "" },
              ...pickups.map((p) => ({ label: p.contactName, value: p.locationId })),
            ]}
            value={choice}
            onChange={setChoice}
          />
          <Button submit disabled={disabled || choice === linked} loading={busy}>
            Connect
          </Button>
        </InlineStack>
      </Form>
      {!linked && (
        <Form method="post">
          <input type="hidden" name="intent" value="pickupFromLocation" />
          <input type="hidden" name="shopifyLocationId" value={location.id} />
          <Button submit variant="plain" disabled={disabled}>
            Make a pickup location from this address
          </Button>
        </Form>
      )}
    </InlineStack>
  );
}
