import { Banner, Box, Button } from "@shopify/polaris";
import { useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * What stands in the shipment's way, in the merchant's words, with what may settle it: a message
 * to the buyer, a refund, the store order or the settings page.
 */
export function ProblemBanner({
  title,
  text,
  whatsapp,
  refundUrl,
  fixAt,
  orderUrl,
}: {
  title: string;
  text: string | null;
  whatsapp: string | null;
  refundUrl: string | null;
  /** Where the merchant fixes it: the store order or the settings page. */
  fixAt: string | null;
  orderUrl: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Banner tone="critical" title={title}>
      <p>{text}</p>
      {whatsapp && (
        <Box paddingBlockStart="200">
          <Button url={whatsapp} target="_blank">
            {t("common.whatsapp")}
          </Button>
        </Box>
      )}
      {refundUrl && (
        <Box paddingBlockStart="200">
          <Button url={refundUrl} target="_top">
            {t("shipment.refund")}
          </Button>
        </Box>
      )}
      {fixAt && (
        <Box paddingBlockStart="200">
          {fixAt === "order" ? (
            <Button url={orderUrl} target="_top">
              {t("common.openOrder")}
            </Button>
          ) : (
            <Button onClick={() => navigate("/app/settings")}>{t("list.setup.open")}</Button>
          )}
        </Box>
      )}
    </Banner>
  );
}
