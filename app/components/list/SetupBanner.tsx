import { Banner } from "@shopify/polaris";
import { useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** What the shop still has to set before shipments are made: the shipping key, a pickup location. */
export function SetupBanner({ setup }: { setup: { apiKey: boolean; pickup: boolean } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Banner
      tone="warning"
      title={t("list.setup.title")}
      action={{
        content: t("list.setup.open"),
        // Straight to the first thing missing: the key, else the pickup location.
        onAction: () => navigate(`/app/settings#${setup.apiKey ? "pickup" : "api-key"}`),
      }}
    >
      <p>
        {[
          setup.apiKey ? null : t("list.setup.apiKey"),
          setup.pickup ? null : t("list.setup.pickup"),
        ]
          .filter(Boolean)
          .join(" ")}
      </p>
    </Banner>
  );
}
