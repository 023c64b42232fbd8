/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import {
  describeShipments,
  orderIdFromGid,
  questionFor,
  type Action,
  type ShipmentSummary,
  type Translate,
} from "./model";

/**
 * The block on Shopify's order page: the order's shipments in words (one per location it ships
 * from), their waybills, and what can be done next with each.
 */
export default async () => {
  render(<OrderBlock />, document.body);
};

const t: Translate = (key, values) => shopify.i18n.translate(key, values);

/**
 * Relative URLs resolve against the app's URL and carry the admin's session token. The app writes
 * its words in the language Shopify chose for this extension (its locale file's `language`).
 */
const api = (orderId: string) =>
  `/api/orders/${orderId}/shipment?locale=${encodeURIComponent(t("language"))}`;

async function fetchShipments(orderId: string): Promise<ShipmentSummary[]> {
  const response = await fetch(api(orderId));
  const body = (await response.json()) as { shipments?: ShipmentSummary[]; error?: string };
  if (!response.ok) throw new Error(body.error ?? t("block.failed", { status: response.status }));
  return body.shipments ?? [];
}

function OrderBlock() {
  const orderId = orderIdFromGid(shopify.data.selected[0]?.id ?? "");
  const [shipments, setShipments] = useState<ShipmentSummary[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  // Booking and cancelling ask first (questionFor): nothing is sent until the merchant says yes.
  const [asking, setAsking] = useState<{ action: Action; id: string | null } | null>(null);

  useEffect(() => {
    let current = true;
    fetchShipments(orderId).then(
      (found) => {
        if (!current) return;
        setShipments(found);
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

  async function run(action: Action, shipmentId: string | null) {
    setBusy(action);
    try {
      const response = await fetch(api(orderId), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action, ...(shipmentId ? { shipmentId } : {}) }),
      });
      const body = (await response.json()) as {
        shipments?: ShipmentSummary[];
        error?: string;
        queued?: string;
      };
      if (!response.ok) setError(body.error ?? t("block.failed", { status: response.status }));
      else if (body.queued === "import") setError(t("block.reading"));
      else setShipments(body.shipments ?? []);
    } finally {
      setBusy(null);
    }
  }

  if (loading) {
    return (
      <s-admin-block heading={t("block.heading", { count: 1 })}>
        <s-spinner accessibilityLabel={t("block.loading")} />
      </s-admin-block>
    );
  }
  return (
    <s-admin-block heading={t("block.heading", { count: shipments.length })}>
      <s-stack direction="block" gap="large">
        {describeShipments(shipments, t).map((view) => (
          <s-stack key={view.id ?? "none"} direction="block" gap="base">
            {view.title && <s-heading>{view.title}</s-heading>}
            <s-stack direction="inline" gap="base">
              <s-badge tone={view.tone}>{view.heading}</s-badge>
            </s-stack>
            {view.sentence && <s-text>{view.sentence}</s-text>}
            {view.risk && (
              <s-banner tone={view.risk.tone} heading={view.risk.title}>
                <s-stack direction="block" gap="small-200">
                  {view.risk.lines.map((line) => (
                    <s-text key={line}>{line}</s-text>
                  ))}
                </s-stack>
              </s-banner>
            )}
            {view.lines.map((line) => (
              <s-text key={line} tone="neutral">
                {line}
              </s-text>
            ))}
            {view.tracking && (
              <s-text>
                {t("block.waybill")}{" "}
                {view.tracking.url ? (
                  <s-link href={view.tracking.url} target="_blank">
                    {view.tracking.label}
                  </s-link>
                ) : (
                  view.tracking.label
                )}
              </s-text>
            )}
            {view.print && <s-link href={view.print.href}>{view.print.label}</s-link>}
            {view.returnPickup && (
              <s-link href={view.returnPickup.href}>{view.returnPickup.label}</s-link>
            )}
            {view.call && (
              <s-link href={view.call} target="_blank">
                {t("block.whatsapp")}
              </s-link>
            )}
            <s-stack direction="inline" gap="base">
              {view.buttons.map((b) => (
                <s-button
                  key={b.action}
                  onClick={() => {
                    const shipment = shipments.find((s) => s.id === view.id) ?? null;
                    if (questionFor(b.action, shipment, t))
                      setAsking({ action: b.action, id: view.id });
                    else void run(b.action, view.id);
                  }}
                  disabled={busy !== null || asking !== null}
                  loading={busy === b.action}
                  tone={b.destructive ? "critical" : "auto"}
                >
                  {b.label}
                </s-button>
              ))}
            </s-stack>
            {asking?.id === view.id &&
              (() => {
                const question = questionFor(
                  asking.action,
                  shipments.find((s) => s.id === view.id) ?? null,
                  t,
                );
                if (!question) return null;
                return (
                  <s-banner tone="warning">
                    <s-stack direction="block" gap="base">
                      <s-text>{question.text}</s-text>
                      <s-stack direction="inline" gap="base">
                        <s-button
                          variant="primary"
                          tone={
                            asking.action === "cancel" || asking.action === "cod_cancel"
                              ? "critical"
                              : "auto"
                          }
                          onClick={() => {
                            setAsking(null);
                            void run(asking.action, view.id);
                          }}
                        >
                          {question.yes}
                        </s-button>
                        <s-button onClick={() => setAsking(null)}>{question.no}</s-button>
                      </s-stack>
                    </s-stack>
                  </s-banner>
                );
              })()}
          </s-stack>
        ))}
        {error && <s-banner tone="critical">{error}</s-banner>}
      </s-stack>
    </s-admin-block>
  );
}
