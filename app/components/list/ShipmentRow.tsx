import { Link } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  IndexTable,
  InlineStack,
  Link as PolarisLink,
  Text,
} from "@shopify/polaris";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { listRowWords } from "../../shipments/list-rows";
import type { RiskBadge } from "../../cod-risk/risk-words";
import { StatusBadge } from "../StatusBadge";

/** A row of the shipments list as the page has it (app/shipments/list-rows.ts, and its COD risk badge). */
export type ShipmentRowView = ReturnType<typeof listRowWords>[number] & {
  codRisk: RiskBadge | null;
};

/**
 * One shipment in the list: Polaris's row (its checkbox follows `selected`) around the row's
 * content, which does not: ticking or selecting all redraws the checkboxes, not the cells.
 */
export const ShipmentRow = memo(function ShipmentRow({
  row,
  index,
  selected,
  condensed,
}: {
  row: ShipmentRowView;
  index: number;
  selected: boolean;
  condensed: boolean;
}) {
  return (
    <IndexTable.Row id={row.id} position={index} selected={selected}>
      <RowContent row={row} condensed={condensed} />
    </IndexTable.Row>
  );
});

/**
 * What a row shows. Wide, a cell per column; condensed (phone widths, where Polaris shows a table
 * as a list), one block with what a seller looks for first: order and date, status, customer and
 * how they pay, courier and waybill, and the problem in short.
 */
const RowContent = memo(function RowContent({
  row,
  condensed,
}: {
  row: ShipmentRowView;
  condensed: boolean;
}) {
  const { t } = useTranslation();
  const link = <Link to={`/app/shipments/${row.id}`}>{row.orderName}</Link>;
  const attempt = row.attempt > 1 ? t("list.attempt", { attempt: row.attempt }) : null;
  const order = (
    <>
      {link}
      {attempt && ` ${attempt}`}
    </>
  );
  const waybill = row.waybill ? (
    row.trackingUrl ? (
      <PolarisLink url={row.trackingUrl} target="_blank" removeUnderline>
        {row.waybill}
      </PolarisLink>
    ) : (
      row.waybill
    )
  ) : (
    "—"
  );
  // Only while the parcel waits to leave: whether its label is printed.
  const label = row.label && (
    <Text as="span" variant="bodySm" tone="subdued">
      {row.label.printed ? (
        <span title={row.label.printed.exact}>
          {t("list.printed", { when: row.label.printed.relative })}
        </span>
      ) : (
        t("list.notPrintedLabel")
      )}
    </Text>
  );
  const whatsapp = row.whatsapp && (
    <PolarisLink url={row.whatsapp} target="_blank">
      {t("common.whatsapp")}
    </PolarisLink>
  );
  const note = (
    <>
      <Text as="span" tone={row.isProblem ? "critical" : "subdued"}>
        {row.note ?? ""}
      </Text>
      {whatsapp && <div>{whatsapp}</div>}
    </>
  );

  // A COD order that may come back unpaid, and how long it has waited when held for it.
  const risk = row.codRisk && (
    <InlineStack gap="100" blockAlign="center">
      <Badge tone={row.codRisk.tone}>{row.codRisk.label}</Badge>
      {row.codRisk.held && (
        <Text as="span" variant="bodySm" tone={row.codRisk.long ? "critical" : "subdued"}>
          {row.codRisk.held}
        </Text>
      )}
    </InlineStack>
  );

  if (condensed)
    return (
      <div style={{ padding: "0.75rem 1rem", width: "100%" }}>
        <BlockStack gap="100">
          <InlineStack gap="200" align="space-between" blockAlign="center" wrap={false}>
            <Text as="span" fontWeight="semibold">
              {order}
            </Text>
            <StatusBadge label={row.status.label} group={row.status.group} />
          </InlineStack>
          {risk}
          <Text as="span" variant="bodySm" tone="subdued">
            {row.ordered}
          </Text>
          <Text as="span">
            {row.customer ?? "—"} · {row.payment}
          </Text>
          <Text as="span">
            {row.status.courier ?? t("shipment.notChosen")} · {waybill}
          </Text>
          {row.note && <div style={{ whiteSpace: "normal" }}>{note}</div>}
        </BlockStack>
      </div>
    );

  // Wide: seven columns that fit the admin's frame (about 1,040 px at a 1,280 px screen). The
  // problem or reason sits under the status it explains, in two lines at most (its whole text is on
  // the shipment's page), so nobody scrolls sideways to learn why a row needs them.
  return (
    <>
      <IndexTable.Cell>
        {/* The order, and below it the day it was placed (and which attempt this is). */}
        <BlockStack gap="0">
          <span>{link}</span>
          <Text as="span" variant="bodySm" tone="subdued">
            {row.ordered}
          </Text>
          {attempt && (
            <Text as="span" variant="bodySm" tone="subdued">
              {attempt}
            </Text>
          )}
        </BlockStack>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <div className="ShipmentRow-status">
          <BlockStack gap="100" inlineAlign="start">
            <StatusBadge label={row.status.label} group={row.status.group} />
            {risk}
            {row.note && (
              <span className="ShipmentRow-note" title={row.note}>
                <Text as="span" variant="bodySm" tone={row.isProblem ? "critical" : "subdued"}>
                  {row.note}
                </Text>
              </span>
            )}
            {whatsapp}
          </BlockStack>
        </div>
      </IndexTable.Cell>
      <IndexTable.Cell>
        {/* Who receives it, and below it how they pay: COD with its amount, or nothing at the door. */}
        <div className="ShipmentRow-wrap">
          <BlockStack gap="0">
            <Text as="span">{row.customer ?? "—"}</Text>
            <Text as="span" variant="bodySm" tone="subdued">
              {row.payment}
            </Text>
          </BlockStack>
        </div>
      </IndexTable.Cell>
      <IndexTable.Cell>
        {/* Where it goes, and below it the pickup location it leaves from (once drafted). */}
        <div className="ShipmentRow-wrap">
          <BlockStack gap="0">
            <Text as="span">{row.destination ?? "—"}</Text>
            {row.origin && (
              <Text as="span" variant="bodySm" tone="subdued">
                {t("list.from", { origin: row.origin })}
              </Text>
            )}
          </BlockStack>
        </div>
      </IndexTable.Cell>
      <IndexTable.Cell>
        {/* The courier, its waybill below, and while the parcel waits to leave, its label. */}
        <div className="ShipmentRow-wrap">
          <BlockStack gap="0">
            <span>{row.status.courier ?? "—"}</span>
            {row.waybill && (
              <Text as="span" variant="bodySm">
                {waybill}
              </Text>
            )}
            {label}
          </BlockStack>
        </div>
      </IndexTable.Cell>
      <IndexTable.Cell>{row.status.price ?? "—"}</IndexTable.Cell>
      <IndexTable.Cell>
        <span title={row.updated.exact}>{row.updated.relative}</span>
      </IndexTable.Cell>
    </>
  );
});
