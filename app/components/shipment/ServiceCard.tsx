import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { ServiceWords } from "../../shipments/service-words";

/**
 * What the shipping service says of the shipment now (best effort: the page works while it is
 * down): its status, courier, what makes up the price (the price itself is said once, on the
 * shipment's card, with the pickup or drop-off while the courier does not have the parcel yet).
 */
export function ServiceCard({
  remote,
  remoteError,
}: {
  remote: ServiceWords | null;
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
            {remote.fees.map((fee) => (
              <Text as="p" key={fee} tone="subdued">
                {fee}
              </Text>
            ))}
          </>
        ) : (
          <Text as="p">{remoteError ?? t("shipment.service.nothing")}</Text>
        )}
      </BlockStack>
    </Card>
  );
}
