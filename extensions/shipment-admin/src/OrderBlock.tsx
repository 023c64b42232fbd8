/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { describeShipment, orderIdFromGid, type Action, type ShipmentSummary } from "./model";

/** The block on Shopify's order page: the order's shipment in words, its waybill, and what can be done next. */
export default async () => {
  render(<OrderBlock />, document.body);
};

/** Relative URLs resolve against the app's URL and carry the admin's session token. */
async function fetchShipment(orderId: string): Promise<ShipmentSummary | null> {
  const response = await fetch(`/api/orders/${orderId}/shipment`);
  const body = (await response.json()) as { shipment?: ShipmentSummary | null; error?: string };
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body.shipment ?? null;
}

function OrderBlock() {
  const orderId = orderIdFromGid(shopify.data.selected[0]?.id ?? "");
  const [shipment, setShipment] = useState<ShipmentSummary | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);

  useEffect(() => {
    let current = true;
    fetchShipment(orderId).then(
      (found) => {
        if (!current) return;
        setShipment(found);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!current) return;
        setError((e as Error).message);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [orderId]);

  async function run(action: Action) {
    setBusy(action);
    try {
      const response = await fetch(`/api/orders/${orderId}/shipment`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action }) });
      const body = (await response.json()) as { shipment?: ShipmentSummary | null; error?: string; queued?: string };
      if (!response.ok) setError(body.error ?? `HTTP ${response.status}`);
      else if (body.queued === "import") setError("Reading the order from Shopify: its shipment appears here in a moment (reopen the order).");
      else setShipment(body.shipment ?? null);
    } finally {
      setBusy(null);
    }
  }

  if (loading) {
    return (
      <s-admin-block heading="Shipment">
        <s-spinner accessibilityLabel="Loading the shipment" />
      </s-admin-block>
    );
  }
  const view = describeShipment(shipment);
  return (
    <s-admin-block heading="Shipment">
      <s-stack direction="block" gap="base">
        <s-stack direction="inline" gap="base">
          <s-badge tone={view.tone}>{view.heading}</s-badge>
        </s-stack>
        <s-text>{view.sentence}</s-text>
        {view.lines.map((line) => (
          <s-text key={line} tone="neutral">
            {line}
          </s-text>
        ))}
        {view.tracking && (
          <s-text>
            Waybill: {view.tracking.url ? <s-link href={view.tracking.url} target="_blank">{view.tracking.label}</s-link> : view.tracking.label}
          </s-text>
        )}
        {error && <s-banner tone="critical">{error}</s-banner>}
        <s-stack direction="inline" gap="base">
          {view.buttons.map((b) => (
            <s-button key={b.action} onClick={() => void run(b.action)} disabled={busy !== null} loading={busy === b.action} tone={b.destructive ? "critical" : "auto"}>
              {b.label}
            </s-button>
          ))}
        </s-stack>
      </s-stack>
    </s-admin-block>
  );
}
