import { Card, InlineStack, Link, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The settings page's sections, in the page's order: each reachable straight from the top of the
 * page, and from elsewhere in the app by its address (`/app/settings#pickup`).
 */
export const SETTINGS_SECTIONS = [
  { id: "api-key", title: "settings.apiKey.title" },
  { id: "pickup", title: "settings.pickup.title" },
  { id: "shopify-locations", title: "settings.shopify.title" },
  { id: "courier", title: "settings.courier.title" },
  { id: "automation", title: "settings.automation.title" },
  { id: "parcel", title: "settings.parcel.title" },
  { id: "labels", title: "settings.labels.title" },
  { id: "checkout-rates", title: "rates.card.title" },
  { id: "events", title: "events.card.title" },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]["id"];

/** The sections as links at the top of the page: one press to the one the merchant came for. */
export function SettingsSections() {
  const { t } = useTranslation();
  return (
    <Card>
      <nav aria-label={t("settings.sections")}>
        <Text as="h2" variant="headingSm">
          {t("settings.sections")}
        </Text>
        <InlineStack gap="300" wrap>
          {SETTINGS_SECTIONS.map((s) => (
            <Link key={s.id} url={`#${s.id}`} removeUnderline>
              {t(s.title)}
            </Link>
          ))}
        </InlineStack>
      </nav>
    </Card>
  );
}

/** A section's place on the page: where its link leads, below the admin's header when scrolled to. */
export function SectionAnchor({ id, children }: { id: SettingsSection; children: ReactNode }) {
  return (
    <section id={id} style={{ scrollMarginTop: "1rem" }}>
      {children}
    </section>
  );
}
