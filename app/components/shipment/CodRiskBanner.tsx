import { Banner, BlockStack, Box, Button, List, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { CodRiskWords } from "../../cod-risk/risk-words";

/**
 * A cash-on-delivery order likely to come back unpaid: the level, every reason from the shop's
 * own history, and what the merchant can do before the courier takes it.
 */
export function CodRiskBanner({ risk }: { risk: CodRiskWords }) {
  const { t } = useTranslation();
  return (
    <Banner tone={risk.level === "high" ? "critical" : "warning"} title={risk.title}>
      <BlockStack gap="200">
        <List>
          {risk.reasons.map((reason, i) => (
            <List.Item key={i}>{reason}</List.Item>
          ))}
        </List>
        <Text as="p">{t("codRisk.advice")}</Text>
        {risk.whatsapp && (
          <Box>
            <Button url={risk.whatsapp} target="_blank">
              {t("codRisk.confirmOnWhatsapp")}
            </Button>
          </Box>
        )}
      </BlockStack>
    </Banner>
  );
}
