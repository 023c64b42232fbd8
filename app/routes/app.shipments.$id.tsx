import { enqueue } from "../jobs/queues.server";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { ReturnPickupCard } from "../components/ReturnPickupCard";
import { ADMIN_ORDER, pickupViews } from "../returns/pickup-view.server";
import { getPickup, requestPickup } from "../returns/pickups.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Divider,
  InlineStack,
  Layout,
  Link,
  Page,
  Select,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { actionDeps } from "../shipments/action-deps.server";
import { StatusBadge } from "../components/StatusBadge";
import { httpUrlOrNull } from "../platform/http-url";
import { db } from "../db/index.server";
import { getEnv } from "../platform/env.server";
import {
  ShipmentActionError,
  cancel,
  chooseCourier,
  confirm,
  createNow,
  draftRates,
  rebook,
  retry,
  shipAgain,
} from "../shipments/actions.server";
import { getShipment, orderShipments, shipmentTimeline } from "../shipments/shipments.server";
import { afterBookingWords } from "../shipments/after-booking-words";
import { availableActions } from "../shipments/available";
import { codAmount } from "../shipments/cod";
import { ShippingError } from "../shipping/errors";
import { shippingClientForShop } from "../shops/shipping-client.server";
import { authenticate } from "../shopify.server";
import { PROBLEM_KIND_WORDS, isProblemKind } from "../shipments/problem-kinds";
import {
  actorName,
  courierName,
  describeStatus,
  eventChange,
  eventTitle,
  exactTime,
  formatMoney,
  localeOf,
  relativeTime,
  statusLabel,
} from "../shipments/wording";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const id = params.id ?? "";
  const shipment = /^[0-9a-f-]{36}$/.test(id) ? await getShipment(db, session.shop, id) : null;
  if (!shipment) throw new Response("Shipment not found", { status: 404 });
  const now = new Date();
  const [timeline, history, returnPickups] = await Promise.all([
    shipmentTimeline(db, session.shop, shipment.id),
    orderShipments(db, session.shop, shipment.orderId),
    // Customers' returns of this parcel, an open one quoted for its courier pickup.
    pickupViews({ db, env: getEnv(), graphql: shopifyAdminGraphql }, session.shop, shipment),
  ]);
  const attempts = history.filter((h) => h.part === shipment.part);
  // The current attempt of each of the order's shipments (part 1, 2, …): the list is by part, newest attempt first.
  const parts = history.filter((h, i) => i === 0 || history[i - 1]!.part !== h.part);

  // What the service says now (best effort: the page works while the service is down).
  const locale = localeOf(request.headers.get("accept-language"));
  let remote: {
    kind: "draft" | "order";
    status: string;
    price: string | null;
    courier: string | null;
  } | null = null;
  let remoteError: string | null = null;
  let rates: { company: string; type: string; label: string; price: number }[] = [];
  try {
    if (!shipment.draftOrderId && shipment.status === "pending") {
      // No draft (it could not be made): any service on offer; the service prices it when drafted.
      const client = await shippingClientForShop(db, getEnv(), session.shop);
      rates = (await client.getCouriers()).couriers.map((c) => ({
        company: c.courier_code,
        type: c.courier_service_code,
        label: `${c.courier_name} ${c.courier_service_name}${c.shipment_duration_range ? ` (${c.shipment_duration_range} ${c.shipment_duration_unit ?? ""})` : ""}`,
        price: 0,
      }));
    } else if (shipment.shippingOrderId || shipment.draftOrderId) {
      const client = await shippingClientForShop(db, getEnv(), session.shop);
      if (shipment.shippingOrderId) {
        const order = await client.getOrder(shipment.shippingOrderId);
        remote = {
          kind: "order",
          status: statusLabel(order.status),
          price: formatMoney(order.price, shipment.currency, locale),
          courier: courierName(order.courier?.company, order.courier?.type),
        };
      } else if (shipment.draftOrderId) {
        const draft = await client.getDraftOrder(shipment.draftOrderId);
        remote = {
          kind: "draft",
          status:
            draft.status === "ready"
              ? "priced, ready to book"
              : draft.status === "placed"
                ? "no courier or price yet"
                : statusLabel(draft.status),
          price: formatMoney(draft.price, shipment.currency, locale),
          courier: courierName(draft.courier?.company, draft.courier?.type),
        };
        rates = (await draftRates(actionDeps(), session.shop, shipment.id)).map((p) => ({
          company: p.courier_code,
          type: p.courier_service_code,
          label: `${p.courier_name ?? p.courier_code} ${p.courier_service_name ?? p.courier_service_code}: ${formatMoney(p.price, p.currency ?? shipment.currency, locale)}${p.duration ? `, ${p.duration}` : ""}`,
          price: p.price,
        }));
      }
    }
  } catch (error) {
    remoteError = error instanceof Error ? error.message : String(error);
  }
  return {
    shipment: {
      ...shipment,
      trackingUrl: httpUrlOrNull(shipment.trackingUrl),
      createdAt: shipment.createdAt.toISOString(),
      updatedAt: shipment.updatedAt.toISOString(),
      redactedAt: shipment.redactedAt?.toISOString() ?? null,
    },
    words: describeStatus({ ...shipment, cod: codAmount(shipment) }, locale),
    // What the merchant may do now, decided where the API decides it (app/shipments/available.ts).
    actions: availableActions(shipment),
    // After the booking: the customer's WhatsApp (a parcel in trouble or coming back), the COD and
    // what became of it, what became of a returned parcel.
    ...afterBookingWords(shipment, locale),
    // A prepaid parcel back with the shop: the one thing left, the refund, is Shopify's page.
    refundUrl:
      shipment.returnOutcome === "to_refund"
        ? `shopify://admin/orders/${shipment.orderId}/refund`
        : null,
    returnPickups,
    orderUrl: ADMIN_ORDER(shipment.orderId),
    // Newest first, in words: what happened, who or what did it, what changed, why, when.
    timeline: timeline
      .map((e) => {
        const facts = { actor: e.actor, type: e.type, from: e.fromStatus, to: e.toStatus };
        return {
          id: e.id,
          title: eventTitle(facts),
          who: actorName(e.actor),
          change: eventChange(facts),
          message: e.message,
          relative: relativeTime(e.createdAt, now),
          exact: exactTime(e.createdAt),
        };
      })
      .reverse(),
    remote,
    remoteError,
    rates,
    // This shipment's attempts (newest first), and the order's other shipments (one per location it ships from).
    history: attempts.map((h) => ({
      id: h.id,
      attempt: h.attempt,
      status: describeStatus(h, locale).label,
      referenceId: h.referenceId,
    })),
    latest: attempts[0]?.id === shipment.id,
    parts: parts.map((p) => ({
      id: p.id,
      part: p.part,
      location: p.shopifyLocationName,
      status: describeStatus(p, locale).label,
    })),
  };
};

/** What the merchant is told after each action: the work is queued, the page follows it. */
const DONE: Record<string, string> = {
  confirm: "Booking asked for: the waybill appears here once the service confirms it",
  cancel: "Cancellation asked for",
  retry: "Trying again",
  create: "The draft is being made at the shipping service",
  rebook: "Cancelling, then booking again",
  courier: "Courier changed",
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = params.id ?? "";
  const deps = actionDeps();
  try {
    if (intent === "confirm") await confirm(deps, session.shop, id);
    else if (intent === "cancel") await cancel(deps, session.shop, id);
    else if (intent === "retry") await retry(deps, session.shop, id);
    else if (intent === "create") await createNow(deps, session.shop, id);
    else if (intent === "ship_again") {
      const next = await shipAgain(deps, session.shop, id);
      return {
        ok: true,
        message: `Shipment attempt ${next.attempt} started (reference ${next.referenceId})`,
      };
    } else if (intent === "book_return_pickup") {
      const [company, type, price] = String(form.get("courier") ?? "").split("/");
      const pickup = await getPickup(db, session.shop, String(form.get("pickupId") ?? ""));
      if (!pickup || pickup.shipmentId !== id) return { ok: false, message: "No such return" };
      if (!company || !type || !Number.isFinite(Number(price)))
        return { ok: false, message: "Choose a courier" };
      const asked = await requestPickup(db, enqueue, session.shop, pickup.id, {
        company,
        type,
        price: Number(price),
      });
      return asked
        ? { ok: true, message: "Booking the return pickup: its waybill appears here in a moment" }
        : { ok: false, message: "This return is not waiting for a pickup any more" };
    } else if (intent === "rebook") await rebook(deps, session.shop, id);
    else if (intent === "courier") {
      const [company, type] = String(form.get("courier") ?? "").split("/");
      if (!company || !type) return { ok: false, message: "Choose a courier" };
      await chooseCourier(deps, session.shop, id, company, type);
    } else return { ok: false, message: `Unknown action ${intent}` };
    return { ok: true, message: DONE[intent] ?? "Done" };
  } catch (error) {
    if (error instanceof ShipmentActionError) {
      if (error.status === 404) throw new Response("Shipment not found", { status: 404 });
      return { ok: false, message: error.message };
    }
    if (error instanceof ShippingError)
      return {
        ok: false,
        message: `The shipping service could not be reached or refused: ${error.message}`,
      };
    throw error;
  }
};

export default function ShipmentDetail() {
  const navigate = useNavigate();
  const {
    shipment,
    words,
    whatsapp,
    cod,
    returned,
    refundUrl,
    timeline,
    remote,
    remoteError,
    rates,
    history,
    latest,
    parts,
    returnPickups,
    orderUrl,
    actions,
  } = useLoaderData<typeof loader>();
  const problemKinds = shipment.problemKinds.filter(isProblemKind);
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [courier, setCourier] = useState(rates[0] ? `${rates[0].company}/${rates[0].type}` : "");
  const canConfirm = shipment.status === "draft_ready";
  const canCreate = shipment.status === "pending";
  const canCancel = actions.includes("cancel");
  const canShipAgain = latest && shipment.status === "cancelled";
  const canRebook =
    latest &&
    Boolean(shipment.shippingOrderId) &&
    ["confirmed", "scheduled", "allocated", "picking_up"].includes(shipment.status);

  const button = (intent: string, label: string, tone?: "critical") => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button submit loading={busy} tone={tone}>
        {label}
      </Button>
    </Form>
  );

  return (
    <Page
      title={`Shipment ${shipment.orderName ?? shipment.orderId}`}
      backAction={{ content: "Shipments", onAction: () => navigate("/app") }}
      titleMetadata={<StatusBadge label={words.label} group={words.group} />}
      secondaryActions={
        shipment.waybillId && !["cancelled", "not_required"].includes(shipment.status)
          ? [
              {
                content: shipment.labelPrintedAt ? "Print label again" : "Print label",
                onAction: () => navigate(`/app/labels?ids=${shipment.id}`),
              },
            ]
          : []
      }
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {result && <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>}
            {returnPickups.map((view) => (
              <ReturnPickupCard key={view.id} view={view} busy={busy} orderUrl={orderUrl} />
            ))}
            {shipment.problem && (
              <Banner
                tone="critical"
                title={
                  problemKinds.length > 0
                    ? `Needs attention: ${problemKinds.map((k) => PROBLEM_KIND_WORDS[k].label.toLowerCase()).join(", ")}`
                    : "Needs attention"
                }
              >
                <p>{shipment.problem}</p>
                {whatsapp && (
                  <Box paddingBlockStart="200">
                    <Button url={whatsapp} target="_blank">
                      Call the customer on WhatsApp
                    </Button>
                  </Box>
                )}
                {refundUrl && (
                  <Box paddingBlockStart="200">
                    <Button url={refundUrl} target="_top">
                      Refund in Shopify
                    </Button>
                  </Box>
                )}
              </Banner>
            )}
            {shipment.decision && (
              <Banner
                tone={shipment.awaitingPayment ? "warning" : "info"}
                title={shipment.awaitingPayment ? "Waiting for payment" : "Why"}
              >
                <p>{shipment.decision}</p>
              </Banner>
            )}
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {words.sentence}
                </Text>
                {cod && <Text as="p">{cod}</Text>}
                {returned && <Text as="p">{returned}</Text>}
                {whatsapp && !shipment.problem && (
                  <InlineStack>
                    <Button url={whatsapp} target="_blank">
                      Call the customer on WhatsApp
                    </Button>
                  </InlineStack>
                )}
                {parts.length > 1 && (
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="span">{`Shipment ${shipment.part} of ${parts.length} of this order${shipment.shopifyLocationName ? `: the items at ${shipment.shopifyLocationName}` : ""}. The others:`}</Text>
                    {parts
                      .filter((p) => p.part !== shipment.part)
                      .map((p) => (
                        <Button
                          key={p.id}
                          variant="plain"
                          onClick={() => navigate(`/app/shipments/${p.id}`)}
                        >
                          {`Shipment ${p.part}${p.location ? ` (${p.location})` : ""}: ${p.status}`}
                        </Button>
                      ))}
                  </InlineStack>
                )}
                {history.length > 1 && (
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="span">{`Attempt ${shipment.attempt} of ${history.length}. Other attempts:`}</Text>
                    {history
                      .filter((h) => h.id !== shipment.id)
                      .map((h) => (
                        <Button
                          key={h.id}
                          variant="plain"
                          onClick={() => navigate(`/app/shipments/${h.id}`)}
                        >
                          {`Attempt ${h.attempt}: ${h.status}`}
                        </Button>
                      ))}
                  </InlineStack>
                )}
                <Text as="p">Courier: {words.courier ?? "not chosen yet"}</Text>
                <Text as="p">Price: {words.price ?? "not priced yet"}</Text>
                <Text as="p">
                  Waybill: {shipment.waybillId ?? "none yet"}{" "}
                  {shipment.trackingUrl && (
                    <Link url={shipment.trackingUrl} target="_blank">
                      track the parcel
                    </Link>
                  )}
                </Text>
                <Text as="p">
                  From:{" "}
                  {shipment.originName ??
                    (shipment.draftOrderId
                      ? "the shop's default pickup location"
                      : "decided when the draft is made")}
                </Text>
                <Text as="p">
                  Deliver to:{" "}
                  {shipment.redactedAt
                    ? "removed at the customer's request"
                    : [shipment.destinationName, shipment.destinationAddress]
                        .filter(Boolean)
                        .join(", ") || "no address"}
                </Text>
                <Text as="p" tone="subdued">
                  Reference at the shipping service: {shipment.referenceId}
                </Text>
                <InlineStack gap="200">
                  {canCreate && button("create", "Create draft now")}
                  {canConfirm &&
                    button(
                      "confirm",
                      shipment.awaitingPayment ? "Book now, before payment" : "Confirm shipment",
                    )}
                  {canShipAgain && button("ship_again", "Ship again")}
                  {canRebook && button("rebook", "Cancel and book again", "critical")}
                  {shipment.problem && (canCreate || canConfirm) && button("retry", "Retry")}
                  {canCancel && button("cancel", "Cancel shipment", "critical")}
                </InlineStack>
              </BlockStack>
            </Card>
            {rates.length > 0 && (
              <Card>
                <Form method="post">
                  <input type="hidden" name="intent" value="courier" />
                  <BlockStack gap="200">
                    <Select
                      label={
                        shipment.draftOrderId
                          ? "Courier for this draft"
                          : "Courier for this shipment (the draft is made with it)"
                      }
                      name="courier"
                      options={rates.map((r) => ({
                        label: r.label,
                        value: `${r.company}/${r.type}`,
                      }))}
                      value={courier}
                      onChange={setCourier}
                    />
                    <Button submit loading={busy}>
                      Use this courier
                    </Button>
                  </BlockStack>
                </Form>
              </Card>
            )}
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Timeline
                </Text>
                {timeline.map((e, i) => (
                  <BlockStack gap="100" key={e.id}>
                    {i > 0 && <Divider />}
                    <Box paddingBlockStart={i > 0 ? "200" : "0"}>
                      <InlineStack align="space-between" gap="200" wrap>
                        <Text as="h3" variant="headingSm">
                          {e.title}
                        </Text>
                        <Text as="span" tone="subdued">
                          <span title={e.exact}>{`${e.relative} · ${e.exact}`}</span>
                        </Text>
                      </InlineStack>
                      <Text as="p" tone="subdued">
                        {e.who}
                        {e.change ? ` · ${e.change}` : ""}
                      </Text>
                      {e.message && (
                        <Text as="p" breakWord>
                          {e.message}
                        </Text>
                      )}
                    </Box>
                  </BlockStack>
                ))}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                At the shipping service
              </Text>
              {remote ? (
                <>
                  <Text as="p">
                    {remote.kind === "order" ? "Booking" : "Draft"}: {remote.status}
                  </Text>
                  <Text as="p">Courier: {remote.courier ?? "none yet"}</Text>
                  <Text as="p">Price: {remote.price ?? "none yet"}</Text>
                </>
              ) : (
                <Text as="p">
                  {remoteError ? `Could not load: ${remoteError}` : "Nothing at the service yet."}
                </Text>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
