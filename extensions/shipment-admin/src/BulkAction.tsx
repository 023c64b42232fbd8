import { AdminAction, BlockStack, Button, Text, reactExtension, useApi } from "@shopify/ui-extensions-react/admin";
import { useState } from "react";
import { bulkSummary, orderIdFromGid, type BulkResult } from "./model";

const TARGET = "admin.order-index.selection-action.render";

export default reactExtension(TARGET, () => <BulkAction />);

function BulkAction() {
  const { data, close } = useApi(TARGET);
  const orderIds = data.selected.map((s) => orderIdFromGid(s.id));
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: "create" | "confirm") {
    setBusy(true);
    try {
      const response = await fetch("/api/shipments/bulk", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action, orderIds }) });
      const body = (await response.json()) as { results?: BulkResult[]; error?: string };
      setSummary(response.ok ? bulkSummary(body.results ?? []) : (body.error ?? `HTTP ${response.status}`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminAction
      title="Shipments"
      primaryAction={<Button onPress={() => void run("confirm")} disabled={busy}>Confirm shipments</Button>}
      secondaryAction={<Button onPress={() => (summary ? close() : void run("create"))} disabled={busy}>{summary ? "Done" : "Create shipments"}</Button>}
    >
      <BlockStack gap="base">
        <Text>{orderIds.length} order{orderIds.length === 1 ? "" : "s"} selected.</Text>
        {summary && <Text>{summary}</Text>}
      </BlockStack>
    </AdminAction>
  );
}
