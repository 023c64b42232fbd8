import { Banner, List, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { MissingScope } from "../shops/access-grant.server";

/**
 * Permissions the app asks for and the shop has not approved yet (a shop installed before the app
 * asked for them), each with what it is for; shown above every page until they are approved.
 */
export function ScopesBanner({ missing }: { missing: readonly MissingScope[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <Page>
      <Banner tone="warning" title={t("scopes.title")}>
        <Text as="p">{t("scopes.open")}</Text>
        <List>
          {missing.map((m) => (
            <List.Item key={m.scope}>
              {t(`scopes.purpose.${m.scope}` as "scopes.purpose.read_orders", {
                defaultValue: m.scope,
              })}
            </List.Item>
          ))}
        </List>
        <Text as="p">{t("scopes.waiting")}</Text>
      </Banner>
    </Page>
  );
}
