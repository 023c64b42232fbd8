import { Banner, BlockStack, IndexTable, List, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { PreviewWords } from "./rule-words";
import { TableCard } from "../../ui/TableCard";

/** What the rules pick for the shop's latest orders: each rule's count, then each order's line. */
export function RulesPreviewCard({ preview, count }: { preview: PreviewWords; count: number }) {
  const { t } = useTranslation();
  return (
    <BlockStack gap="300">
      {!preview.productsRead && <Banner tone="warning">{t("courierRules.productsUnread")}</Banner>}
      <TableCard
        title={t("courierRules.previewTitle", { count })}
        about={t("courierRules.previewAbout")}
        empty={preview.rows.length === 0 ? t("courierRules.previewEmpty") : null}
      >
        <div style={{ padding: "0 16px 12px" }}>
          <BlockStack gap="200">
            {preview.used.length > 0 && (
              <List>
                {preview.used.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            )}
            {preview.skipped > 0 && (
              <Text as="p" tone="subdued">
                {t("courierRules.previewSkipped", { count: preview.skipped })}
              </Text>
            )}
          </BlockStack>
        </div>
        <IndexTable
          resourceName={{
            singular: t("courierRules.order.singular"),
            plural: t("courierRules.order.plural"),
          }}
          itemCount={preview.rows.length}
          selectable={false}
          headings={[
            { title: t("courierRules.columns.order") },
            { title: t("courierRules.columns.destination") },
            { title: t("courierRules.columns.payment") },
            { title: t("courierRules.columns.parcel") },
            { title: t("courierRules.columns.courier") },
          ]}
        >
          {preview.rows.map((row, i) => (
            <IndexTable.Row id={row.key} key={row.key} position={i}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {row.order}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.destination}</IndexTable.Cell>
              <IndexTable.Cell>{row.payment}</IndexTable.Cell>
              <IndexTable.Cell>{row.parcel}</IndexTable.Cell>
              <IndexTable.Cell>
                <div style={{ whiteSpace: "normal", minWidth: "14rem" }}>
                  <Text as="span" fontWeight={row.byRule ? "semibold" : "regular"}>
                    {row.courier}
                  </Text>
                </div>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </TableCard>
    </BlockStack>
  );
}
