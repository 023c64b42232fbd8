import { BlockStack, Card, ProgressBar, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { BulkProgressState } from "./useBulkRun";

/** The bulk actions whose work is queued for the worker; the others are done as they are sent. */
const QUEUED = new Set(["confirm", "retry", "cancel"]);

/** A bulk action's progress, and each shipment it could not do with the reason. */
export function BulkProgress({ bulk }: { bulk: BulkProgressState }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="p">
          {t(`list.bulk.${bulk.intent}` as "list.bulk.confirm", {
            done: bulk.done,
            count: bulk.total,
          })}
          {bulk.done === bulk.total
            ? t(QUEUED.has(bulk.intent) ? "list.bulk.queued" : "list.bulk.applied", {
                count: bulk.total - bulk.failures.length,
              })
            : ""}
        </Text>
        <ProgressBar progress={bulk.total ? (bulk.done / bulk.total) * 100 : 100} size="small" />
        {bulk.failures.map((f) => (
          <Text as="p" tone="critical" key={f}>
            {f}
          </Text>
        ))}
      </BlockStack>
    </Card>
  );
}
