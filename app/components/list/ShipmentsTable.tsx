import { IndexTable, useIndexResourceState, type IndexTableProps } from "@shopify/polaris";
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { KeyboardScroll } from "../../ui/KeyboardScroll";
import { BulkQuestion, type BulkAsked } from "./BulkQuestion";
import { BulkPickupModal } from "./BulkPickupModal";
import { BulkCourierModal } from "./BulkCourierModal";
import { BulkInsuranceModal, type BulkInsuranceChoice } from "./BulkInsuranceModal";
import { ShipmentRow, type ShipmentRowView } from "./ShipmentRow";
import { useStableRows } from "./useStableRows";

/** A bulk action the list runs on the shipments it names. */
export type BulkIntent = BulkAsked | "retry" | "pickup" | "courier" | "insurance";

/**
 * The shipments table and what is selected in it. Selection lives here, not in the page: ticking
 * a row redraws this table alone, and what the table is given (its actions, headings, names) keeps
 * its identity between ticks, so Polaris measures the bulk actions and the page's header actions
 * once, not on every tick (each measure lays the whole page out again; bench:admin-ui).
 */
export function ShipmentsTable({
  rows: loaded,
  condensed,
  loading,
  emptyState,
  pagination,
  onBulk,
  onPrint,
}: {
  rows: readonly ShipmentRowView[];
  condensed: boolean;
  loading: boolean;
  emptyState: ReactNode;
  pagination: IndexTableProps["pagination"];
  /** Runs a bulk action on `ids`; the selection is cleared once it is done. */
  onBulk(intent: BulkIntent, ids: string[], fields?: Record<string, string>): Promise<void>;
  onPrint(ids: string[]): void;
}) {
  const { t } = useTranslation();
  const rows = useStableRows(loaded);
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(rows as ShipmentRowView[]);
  const [asking, setAsking] = useState<BulkAsked | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [changing, setChanging] = useState(false);
  const [insuring, setInsuring] = useState(false);
  // The ticked rows show at once; the table's select mode (its bulk actions bar, which Polaris
  // lays out and measures as it appears) follows in a render of its own, after that paint.
  const selectMode = useDeferredValue<number | "All">(
    allResourcesSelected ? "All" : selectedResources.length,
  );
  const selectedRows = useMemo(
    () => rows.filter((r) => selectedResources.includes(r.id)),
    [rows, selectedResources],
  );
  // The actions read the selection when pressed, so they need not change when it does.
  const selection = useRef(selectedRows);
  useEffect(() => {
    selection.current = selectedRows;
  }, [selectedRows]);
  // A bulk action on the shipments named; the selection is cleared once it is done.
  const send = useCallback(
    async (intent: BulkIntent, ids: string[], fields?: Record<string, string>) => {
      await onBulk(intent, ids, fields);
      clearSelection();
    },
    [onBulk, clearSelection],
  );
  const run = useCallback(
    (intent: Exclude<BulkIntent, "courier" | "insurance">, fields?: Record<string, string>) => {
      // Only the shipments the action can succeed on (the question said which are left as they are).
      const chosen =
        intent === "retry"
          ? selection.current
          : intent === "pickup"
            ? selection.current.filter((r) => !r.booked)
            : selection.current.filter((r) => r.actions.includes(intent));
      return send(
        intent,
        chosen.map((r) => r.id),
        fields,
      );
    },
    [send],
  );
  const promotedBulkActions = useMemo(
    () => [
      // Booking and cancelling ask first (BulkQuestion); printing changes nothing.
      { content: t("list.actions.confirm"), onAction: () => setAsking("confirm") },
      {
        content: t("list.actions.print"),
        onAction: () => onPrint(selection.current.map((r) => r.id)),
      },
      { content: t("list.actions.cancel"), onAction: () => setAsking("cancel") },
    ],
    [t, onPrint],
  );
  const bulkActions = useMemo(
    () => [
      { content: t("list.actions.pickup"), onAction: () => setScheduling(true) },
      { content: t("list.actions.courier"), onAction: () => setChanging(true) },
      { content: t("list.actions.insurance"), onAction: () => setInsuring(true) },
      { content: t("list.actions.retry"), onAction: () => void run("retry") },
    ],
    [t, run],
  );
  const headings = useMemo(
    () =>
      [
        t("list.columns.order"),
        t("list.columns.status"),
        t("list.columns.customer"),
        t("list.columns.route"),
        t("list.columns.courier"),
        t("list.columns.price"),
        t("list.columns.updated"),
      ].map((title) => ({ title })) as IndexTableProps["headings"],
    [t],
  );
  const resourceName = useMemo(
    () => ({ singular: t("list.resource.singular"), plural: t("list.resource.plural") }),
    [t],
  );
  const close = useCallback(() => setAsking(null), []);
  const closeScheduling = useCallback(() => setScheduling(false), []);
  const schedule = useCallback(
    (slot: { date: string; time: string }) => {
      setScheduling(false);
      void run("pickup", { pickupDay: slot.date, pickupTime: slot.time });
    },
    [run],
  );
  const closeChanging = useCallback(() => setChanging(false), []);
  const selectedIds = useMemo(() => selectedRows.map((r) => r.id), [selectedRows]);
  // Only the shipments the chosen service carries (the modal said which keep their courier).
  const changeCourier = useCallback(
    (courier: { company: string; type: string; ids: string[] }) => {
      setChanging(false);
      void send("courier", courier.ids, { courier: `${courier.company}/${courier.type}` });
    },
    [send],
  );
  const closeInsuring = useCallback(() => setInsuring(false), []);
  // Only the shipments the modal said it applies to (not booked; with a goods value to insure).
  const insure = useCallback(
    (choice: BulkInsuranceChoice, ids: string[]) => {
      setInsuring(false);
      void send("insurance", ids, { insurance: choice });
    },
    [send],
  );
  const confirm = useCallback(
    (intent: BulkAsked) => {
      setAsking(null);
      void run(intent);
    },
    [run],
  );
  return (
    <>
      <BulkQuestion asking={asking} rows={selectedRows} onClose={close} onConfirm={confirm} />
      <BulkPickupModal
        open={scheduling}
        rows={selectedRows}
        onClose={closeScheduling}
        onSave={schedule}
      />
      <BulkCourierModal
        open={changing}
        ids={selectedIds}
        onClose={closeChanging}
        onSave={changeCourier}
      />
      <BulkInsuranceModal
        open={insuring}
        ids={selectedIds}
        onClose={closeInsuring}
        onSave={insure}
      />
      <KeyboardScroll label={t("nav.shipments")}>
        <IndexTable
          loading={loading}
          condensed={condensed}
          emptyState={emptyState}
          pagination={pagination}
          resourceName={resourceName}
          itemCount={rows.length}
          selectedItemsCount={selectMode}
          onSelectionChange={handleSelectionChange}
          promotedBulkActions={promotedBulkActions}
          bulkActions={bulkActions}
          headings={headings}
        >
          {rows.map((row, index) => (
            <ShipmentRow
              key={row.id}
              row={row}
              index={index}
              selected={selectedResources.includes(row.id)}
              condensed={condensed}
            />
          ))}
        </IndexTable>
      </KeyboardScroll>
    </>
  );
}
