import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useCsvDownload } from "../../ui/useCsvDownload";

export interface DataRequestView {
  id: number;
  at: string;
  due: string;
  orders: number;
  shipments: number;
}

/**
 * Customers' requests for their data (Shopify's `customers/data_request`) of the last 30 days:
 * when each came, the day Shopify expects the answer by, and the data this app keeps about the
 * customer to download and send. Shown only while there is one.
 */
export function DataRequestsCard({ requests }: { requests: DataRequestView[] }) {
  const { t } = useTranslation();
  if (requests.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("dataRequests.title")}
        </Text>
        <Text as="p">{t("dataRequests.about")}</Text>
        {requests.map((request) => (
          <DataRequestRow key={request.id} request={request} />
        ))}
      </BlockStack>
    </Card>
  );
}

function DataRequestRow({ request }: { request: DataRequestView }) {
  const { t } = useTranslation();
  const { download, failedWith } = useCsvDownload(
    `/app/data-requests/${request.id}.csv`,
    `customer-data-${request.id}`,
  );
  return (
    <BlockStack gap="200">
      <InlineStack gap="300" blockAlign="center" wrap>
        <Text as="p">
          {t("dataRequests.request", {
            at: request.at,
            due: request.due,
            orders: request.orders,
            shipments: request.shipments,
          })}
        </Text>
        <Button onClick={() => void download()}>{t("dataRequests.download")}</Button>
      </InlineStack>
      {failedWith !== null && (
        <Banner tone="critical">{t("dataRequests.failed", { status: failedWith })}</Banner>
      )}
    </BlockStack>
  );
}
