import {
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSubmit,
} from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Card,
  IndexTable,
  Page,
  Text,
  useIndexResourceState,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { pageTitle } from "../../i18n/page-title";
import { TableCard } from "../../ui/TableCard";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

export { loader } from "./loader.server";
export { action } from "./action.server";

export const meta = pageTitle<{ title?: string }>((t, data) => data?.title ?? t("cod.title"));

/** Each kind's badge tone: money missing is critical, the rest a caution. */
const TONES: Record<string, "critical" | "warning" | "attention" | "info"> = {
  short: "critical",
  fee: "warning",
  deducted: "warning",
  charge: "warning",
  twice: "attention",
  over: "info",
  unknown: "attention",
};

/**
 * A payout statement, matched parcel by parcel: its total against what reached the bank, each
 * line with a difference named and explained, and the parcels past their payout date that nothing
 * paid, with how late. Lines and parcels chosen become a dispute (its packet on the COD page).
 */
export default function PayoutStatement() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { t } = useTranslation();
  const lines = useIndexResourceState(data.lines);
  const unpaid = useIndexResourceState(data.unpaid);
  const chosen = lines.selectedResources.length + unpaid.selectedResources.length;
  const dispute = () => {
    const form = new FormData();
    form.set("intent", "dispute");
    for (const id of lines.selectedResources) form.append("line", id);
    for (const id of unpaid.selectedResources) form.append("parcel", id);
    submit(form, { method: "post" });
    lines.clearSelection();
    unpaid.clearSelection();
  };
  return (
    <Page
      title={data.title}
      subtitle={data.subtitle}
      backAction={{ content: t("codMoney.statement.back"), onAction: () => navigate("/app/cod") }}
      primaryAction={{
        content: t("codMoney.statement.dispute"),
        disabled: chosen === 0,
        loading: navigation.state === "submitting",
        onAction: dispute,
      }}
    >
      <BlockStack gap="400">
        {result && <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>}
        <Card>
          <BlockStack gap="200">
            <Text as="p">{data.total}</Text>
            {data.received && (
              <Text as="p" tone={data.received.differs ? "caution" : undefined}>
                {data.received.text}
              </Text>
            )}
            <Text as="p" tone={data.lines.length > 0 ? "caution" : "success"}>
              {data.summary}
            </Text>
          </BlockStack>
        </Card>
        <TableCard
          title={t("codMoney.statement.linesTitle")}
          empty={data.lines.length === 0 ? t("codMoney.statement.allMatch") : null}
        >
          <IndexTable
            resourceName={{
              singular: t("codMoney.statement.line.singular"),
              plural: t("codMoney.statement.line.plural"),
            }}
            itemCount={data.lines.length}
            selectedItemsCount={lines.allResourcesSelected ? "All" : lines.selectedResources.length}
            onSelectionChange={lines.handleSelectionChange}
            headings={[
              { title: t("codMoney.statement.columns.row") },
              { title: t("codMoney.statement.columns.parcel") },
              { title: t("codMoney.statement.columns.kind") },
              { title: t("codMoney.statement.columns.cod") },
              { title: t("codMoney.statement.columns.fee") },
              { title: t("codMoney.statement.columns.deductions") },
              { title: t("codMoney.statement.columns.net") },
              { title: t("codMoney.statement.columns.expected") },
              { title: t("codMoney.statement.columns.difference") },
            ]}
          >
            {data.lines.map((l, i) => (
              <IndexTable.Row
                id={l.id}
                key={l.id}
                position={i}
                selected={lines.selectedResources.includes(l.id)}
              >
                <IndexTable.Cell>{l.row}</IndexTable.Cell>
                <IndexTable.Cell>
                  {l.shipmentId ? (
                    <Link to={`/app/shipments/${l.shipmentId}`}>{l.parcel}</Link>
                  ) : (
                    l.parcel
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <div style={{ whiteSpace: "normal", maxWidth: "22rem" }}>
                    <BlockStack gap="100">
                      <span>
                        <Badge tone={TONES[l.kind]}>{l.kindLabel}</Badge>
                      </span>
                      <Text as="span" variant="bodySm">
                        {l.detail}
                      </Text>
                      {l.dispute && (
                        <Text as="span" variant="bodySm" tone="subdued">
                          {l.dispute}
                        </Text>
                      )}
                    </BlockStack>
                  </div>
                </IndexTable.Cell>
                <IndexTable.Cell>{l.cod}</IndexTable.Cell>
                <IndexTable.Cell>{l.fee}</IndexTable.Cell>
                <IndexTable.Cell>{l.deductions}</IndexTable.Cell>
                <IndexTable.Cell>{l.net}</IndexTable.Cell>
                <IndexTable.Cell>{l.expected}</IndexTable.Cell>
                <IndexTable.Cell>{l.difference}</IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        </TableCard>
        <TableCard
          title={t("codMoney.statement.unpaidTitle")}
          empty={data.unpaid.length === 0 ? t("codMoney.statement.unpaidNone") : null}
        >
          <IndexTable
            resourceName={{
              singular: t("codMoney.statement.parcel.singular"),
              plural: t("codMoney.statement.parcel.plural"),
            }}
            itemCount={data.unpaid.length}
            selectedItemsCount={
              unpaid.allResourcesSelected ? "All" : unpaid.selectedResources.length
            }
            onSelectionChange={unpaid.handleSelectionChange}
            headings={[
              { title: t("codMoney.statement.columns.parcel") },
              { title: t("codMoney.statement.columns.cod") },
              { title: t("codMoney.statement.columns.payoutBy") },
              { title: t("codMoney.statement.columns.late") },
            ]}
          >
            {data.unpaid.map((p, i) => (
              <IndexTable.Row
                id={p.id}
                key={p.id}
                position={i}
                selected={unpaid.selectedResources.includes(p.id)}
              >
                <IndexTable.Cell>
                  <Link to={`/app/shipments/${p.id}`}>{p.parcel}</Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{p.cod}</IndexTable.Cell>
                <IndexTable.Cell>{p.payoutBy}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" tone={p.tone}>
                    {p.late}
                  </Text>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        </TableCard>
      </BlockStack>
    </Page>
  );
}
