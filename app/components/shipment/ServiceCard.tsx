import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

export interface RemoteView {
  kind: "draft" | "order";
  status: string;
  price: string | null;
  courier: string | null;
}

/** What the shipping service says of the shipment now (best effort: the page works while it is down). */
export function ServiceCard({
  remote,
  remoteError,
}: {
  remote: RemoteView | null;
  remoteError: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("shipment.service.title")}
        </Text>
        {remote ? (
          <>
            <Text as="p">
              {remote.kind === "order"
                ? t("shipment.service.booking", { status: remote.status })
                : t("shipment.service.draft", { status: remote.status })}
            </Text>
            <Text as="p">
              {t("shipment.courier", { courier: remote.courier ?? t("shipment.noneYet") })}
            </Text>
            <Text as="p">
              {t("shipment.price", { price: remote.price ?? t("shipment.noneYet") })}
            </Text>
          </>
        ) : (
          <Text as="p">{remoteError ?? t("shipment.service.nothing")}</Text>
        )}
      </BlockStack>
    </Card>
  );
}
