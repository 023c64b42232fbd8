import { Banner, BlockStack, Card } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { ShopSettings } from "../../shops/settings";
import { GroupHeading } from "./GroupHeading";
import { ShopifyLocationRow } from "./ShopifyLocationRow";

/** 3. The shop's Shopify locations, each connected to the pickup location its items leave from. */
export function ShopifyLocationsCard({
  locations,
  locationsError,
  settings,
  disabled,
  busy,
}: {
  locations: { id: string; name: string; place: string }[];
  locationsError: string | null;
  settings: Pick<ShopSettings, "locations" | "locationLinks">;
  disabled: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <GroupHeading title={t("settings.shopify.title")}>
          {`${t("settings.shopify.about")} ${
            locations.length === 1 ? t("settings.shopify.one") : t("settings.shopify.several")
          }`}
        </GroupHeading>
        {locationsError && (
          <Banner tone="warning">
            {t("settings.shopify.unreadable", { reason: locationsError })}
          </Banner>
        )}
        {locations.map((l) => (
          <ShopifyLocationRow
            key={`${l.id}-${settings.locationLinks[l.id] ?? ""}`}
            location={l}
            linked={settings.locationLinks[l.id] ?? ""}
            pickups={settings.locations}
            disabled={disabled}
            busy={busy}
          />
        ))}
      </BlockStack>
    </Card>
  );
}
