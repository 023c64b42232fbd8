import { IndexTable, Text } from "@shopify/polaris";
import { TableCard } from "../ui/TableCard";
import { useTranslation } from "react-i18next";
import type { totalsWords } from "./words";
import { marginTone } from "./margin-tone";

type Row = ReturnType<typeof totalsWords> & { key: string; name: string };

/** The period's money per courier or per week: one row each, the margin signed and coloured. */
export function CostTotalsTable({
  title,
  firstColumn,
  rows,
}: {
  title: string;
  firstColumn: string;
  rows: Row[];
}) {
  const { t } = useTranslation();
  return (
    <TableCard title={title} empty={rows.length === 0 ? t("costs.empty") : null}>
      <IndexTable
        resourceName={{ singular: t("cod.parcel.singular"), plural: t("cod.parcel.plural") }}
        itemCount={rows.length}
        selectable={false}
        headings={[
          { title: firstColumn },
          { title: t("costs.columns.parcels") },
          { title: t("costs.charged") },
          { title: t("costs.paid") },
          { title: t("costs.surcharges") },
          { title: t("costs.returnFees") },
          { title: t("costs.margin") },
        ]}
      >
        {rows.map((r, i) => (
          <IndexTable.Row id={r.key || "none"} key={r.key || "none"} position={i}>
            <IndexTable.Cell>{r.name}</IndexTable.Cell>
            <IndexTable.Cell>{r.parcels}</IndexTable.Cell>
            <IndexTable.Cell>{r.charged}</IndexTable.Cell>
            <IndexTable.Cell>{r.paid}</IndexTable.Cell>
            <IndexTable.Cell>{r.surcharges}</IndexTable.Cell>
            <IndexTable.Cell>{r.returnFees}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" tone={marginTone(r.marginSign)}>
                {r.margin}
              </Text>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </TableCard>
  );
}
