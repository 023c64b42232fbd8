import { AdminBlock, Badge, BlockStack, Button, InlineStack, Link, ProgressIndicator, Text, reactExtension, useApi } from "@shopify/ui-extensions-react/admin";
import { useEffect, useState } from "react";
import { describeShipment, orderIdFromGid, type Action, type ShipmentSummary } from "./model";

const TARGET = "admin.order-details.block.render";

export default reactExtension(TARGET, () => <OrderBlock />);

/** Relative URLs resolve against the app's URL and carry the admin's session token. */
async function fetchShipment(orderId: string): Promise<ShipmentSummary | null> {
  const response = await fetch(`/api/orders/${orderId}/shipment`);
  const body = (await response.json()) as { shipment?: ShipmentSummary | null; error?: string };
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body.shipment ?? null;
}

function OrderBlock() {
  const { data } = useApi(TARGET);
  const orderId = orderIdFromGid(data.selected[0]?.id ?? "");
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
      <AdminBlock title="Shipment">
        <ProgressIndicator size="small-200" />
      </AdminBlock>
    );
  }
  const view = describeShipment(shipment);
  return (
    <AdminBlock title="Shipment">
      <BlockStack gap="base">
        <InlineStack gap="base">
          <Badge tone={view.tone}>{view.heading}</Badge>
        </InlineStack>
        {view.lines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
        {view.tracking && (
          <Text>
            Waybill: {view.tracking.url ? <Link href={view.tracking.url} target="_blank">{view.tracking.label}</Link> : view.tracking.label}
          </Text>
        )}
        {error && <Text fontWeight="bold">{error}</Text>}
        <InlineStack gap="base">
          {view.buttons.map((b) => (
            <Button key={b.action} onPress={() => void run(b.action)} disabled={busy !== null} tone={b.destructive ? "critical" : undefined}>
              {busy === b.action ? "Working…" : b.label}
            </Button>
          ))}
        </InlineStack>
      </BlockStack>
    </AdminBlock>
  );
}
