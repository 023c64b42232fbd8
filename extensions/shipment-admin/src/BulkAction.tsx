/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useState } from "preact/hooks";
import {
  bulkSummary,
  orderIdFromGid,
  quoteText,
  type BulkQuote,
  type BulkResult,
  type Translate,
} from "./model";

const t: Translate = (key, values) => shopify.i18n.translate(key, values);

/** The orders list's bulk action: create or book the shipments of the selected orders. */
export default async () => {
  render(<BulkAction />, document.body);
};

interface BulkAnswer {
  results?: BulkResult[];
  quote?: BulkQuote;
  error?: string;
}

function BulkAction() {
  const orderIds = shopify.data.selected.map((s) => orderIdFromGid(s.id));
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Booking spends money: the first press asks the app what it would do (quoteText); the second books.
  const [quote, setQuote] = useState<BulkQuote | null>(null);

  /** Asks the app about the selected orders; a refusal is said in the summary. */
  async function post(action: "create" | "confirm" | "quote"): Promise<BulkAnswer | null> {
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
      const body = (await response.json()) as BulkAnswer;
      if (response.ok) return body;
      setSummary(body.error ?? t("block.failed", { status: response.status }));
      return null;
    } finally {
      setBusy(false);
    }
  }
  const ask = async () => {
    const answer = await post("quote");
    if (answer?.quote) setQuote(answer.quote);
  };
  const run = async (action: "create" | "confirm") => {
    const answer = await post(action);
    if (answer) setSummary(bulkSummary(answer.results ?? [], t));
  };

  return (
    <s-admin-action heading={t("bulk.heading")} loading={busy}>
      <s-stack direction="block" gap="base">
        <s-text>{t("bulk.selected", { count: orderIds.length })}</s-text>
        {quote && !summary && quoteText(quote, t).map((line) => <s-text key={line}>{line}</s-text>)}
        {summary && <s-text>{summary}</s-text>}
      </s-stack>
      <s-button
        slot="primary-action"
        variant="primary"
        onClick={() => void (quote ? run("confirm") : ask())}
        disabled={busy || Boolean(summary) || quote?.ready === 0}
      >
        {quote ? t("bulk.bookNow", { count: quote.ready }) : t("bulk.book")}
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
