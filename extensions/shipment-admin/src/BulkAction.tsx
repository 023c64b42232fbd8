/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useState } from "preact/hooks";
import { bulkSummary, orderIdFromGid, type BulkResult, type Translate } from "./model";

const t: Translate = (key, values) => shopify.i18n.translate(key, values);

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
      // The app writes its reasons in the language Shopify chose for this extension.
      const response = await fetch(
        `/api/shipments/bulk?locale=${encodeURIComponent(t("language"))}`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ action, orderIds }),
        },
      );
      const body = (await response.json()) as { results?: BulkResult[]; error?: string };
      setSummary(
        response.ok
          ? bulkSummary(body.results ?? [], t)
          : (body.error ?? t("block.failed", { status: response.status })),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <s-admin-action heading={t("bulk.heading")} loading={busy}>
      <s-stack direction="block" gap="base">
        <s-text>{t("bulk.selected", { count: orderIds.length })}</s-text>
        {summary && <s-text>{summary}</s-text>}
      </s-stack>
      <s-button
        slot="primary-action"
        variant="primary"
        onClick={() => void run("confirm")}
        disabled={busy}
      >
        {t("bulk.book")}
      </s-button>
      <s-button
        slot="secondary-actions"
        onClick={() => (summary ? shopify.close() : void run("create"))}
        disabled={busy}
      >
        {summary ? t("bulk.done") : t("bulk.drafts")}
      </s-button>
    </s-admin-action>
  );
}
