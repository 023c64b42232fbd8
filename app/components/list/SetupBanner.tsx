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
      action={{ content: t("list.setup.open"), onAction: () => navigate("/app/settings") }}
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
