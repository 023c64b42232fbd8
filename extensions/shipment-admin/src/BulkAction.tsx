/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useState } from "preact/hooks";
import { bulkSummary, orderIdFromGid, type BulkResult } from "./model";

/** The orders list's bulk action: create or book the shipments of the selected orders. */
export default async () => {
  render(<BulkAction />, document.body);
};

function BulkAction() {
  const orderIds = shopify.data.selected.map((s) => orderIdFromGid(s.id));
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: "create" | "confirm") {
    setBusy(true);
    try {
      const response = await fetch("/api/shipments/bulk", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action, orderIds }),
      });
      const body = (await response.json()) as { results?: BulkResult[]; error?: string };
      setSummary(
        response.ok ? bulkSummary(body.results ?? []) : (body.error ?? `HTTP ${response.status}`),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <s-admin-action heading="Shipments" loading={busy}>
      <s-stack direction="block" gap="base">
        <s-text>
          {orderIds.length} order{orderIds.length === 1 ? "" : "s"} selected.
        </s-text>
        {summary && <s-text>{summary}</s-text>}
      </s-stack>
      <s-button
        slot="primary-action"
        variant="primary"
        onClick={() => void run("confirm")}
        disabled={busy}
      >
        Book shipments
      </s-button>
      <s-button
        slot="secondary-actions"
        onClick={() => (summary ? shopify.close() : void run("create"))}
        disabled={busy}
      >
        {summary ? "Done" : "Create drafts"}
      </s-button>
    </s-admin-action>
  );
}
