import { Button, FormLayout, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SavedLocation } from "../../shops/settings";
import { PICKUP_TEXT_LIMITS } from "../../shops/pickup-limits";
import { AreaSearch } from "./AreaSearch";
import { Field } from "./Field";
import { UnsavedForm } from "../../ui/unsaved/UnsavedForm";

interface LocationFormProps {
  location: SavedLocation | null;
  errors: Record<string, string>;
  busy: boolean;
  disabled: boolean;
}

/** Add a pickup location, or edit one (its service id goes along); its edits held by the save bar. */
export function LocationForm({
  answer,
  ...props
}: LocationFormProps & {
  /** The page's answer to the last location form sent. */
  answer: { ok: boolean } | null;
}) {
  return (
    <UnsavedForm id="pickupLocation" method="post" answer={answer} busy={props.busy}>
      <LocationFields {...props} />
    </UnsavedForm>
  );
}

/** The location's fields (drawn afresh on Discard and once saved). */
function LocationFields({ location, errors, busy, disabled }: LocationFormProps) {
  const { t } = useTranslation();
  const [postalCode, setPostalCode] = useState(
    location?.postalCode ? String(location.postalCode) : "",
  );
  const [area, setArea] = useState<string | null>(null);
  return (
    <>
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
    </>
  );
}
