import { enqueue } from "../jobs/queues.server";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { ReturnPickupCard } from "../components/ReturnPickupCard";
import { ADMIN_ORDER, pickupViews } from "../returns/pickup-view.server";
import { getPickup, requestPickup } from "../returns/pickups.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSubmit,
} from "@remix-run/react";
import { ActionQuestion, type Asked } from "../components/shipment/ActionQuestion";
import { useLiveWhile } from "../components/useLiveWhile";
import { inFlight } from "../shipments/in-flight";
import { getShopSettings } from "../shops/shops.server";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Layout,
  Link,
  Page,
  Select,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { wordsFor } from "../i18n/i18n.server";
import { ShipmentTimeline } from "../components/shipment/ShipmentTimeline";
import { ServiceCard } from "../components/shipment/ServiceCard";
import { storedText } from "../i18n/said";
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
import { availableActions, withCourier } from "../shipments/available";
import { codAmount } from "../shipments/cod";
import { ShippingError } from "../shipping/errors";
import { shippingClientForShop } from "../shops/shipping-client.server";
import { authenticate } from "../shopify.server";
import { speechFor } from "../shops/speech.server";
import { isProblemKind, problemKindWords } from "../shipments/problem-kinds";
import {
  actorName,
  courierName,
  describeStatus,
  eventChange,
  eventTitle,
  exactTime,
  formatMoney,
  relativeTime,
  statusLabel,
  valueWords,
} from "../shipments/wording";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const speech = await speechFor(request, session.shop);
  const { t, locale } = speech;
  const words = valueWords(speech);
  const id = params.id ?? "";
  const shipment = /^[0-9a-f-]{36}$/.test(id) ? await getShipment(db, session.shop, id) : null;
  if (!shipment) throw new Response(t("actionError.notFound"), { status: 404 });
  const now = new Date();
  const [timeline, history, returnPickups, settings] = await Promise.all([
    shipmentTimeline(db, session.shop, shipment.id),
    orderShipments(db, session.shop, shipment.orderId),
    // Customers' returns of this parcel, an open one quoted for its courier pickup.
    pickupViews(
      { db, env: getEnv(), graphql: shopifyAdminGraphql },
      session.shop,
      shipment,
      speech,
    ),
    getShopSettings(db, session.shop),
  ]);
  const attempts = history.filter((h) => h.part === shipment.part);
  // The current attempt of each of the order's shipments (part 1, 2, …): the list is by part, newest attempt first.
  const parts = history.filter((h, i) => i === 0 || history[i - 1]!.part !== h.part);

  // What the service says now (best effort: the page works while the service is down).
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
          status: statusLabel(order.status, t),
          price: formatMoney(order.price, shipment.currency, locale),
          courier: courierName(order.courier?.company, order.courier?.type, speech.couriers),
        };
      } else if (shipment.draftOrderId) {
        const draft = await client.getDraftOrder(shipment.draftOrderId);
        remote = {
          kind: "draft",
          status:
            draft.status === "ready"
              ? t("shipment.service.draftReady")
              : draft.status === "placed"
                ? t("shipment.service.draftPlaced")
                : statusLabel(draft.status, t),
          price: formatMoney(draft.price, shipment.currency, locale),
          courier: courierName(draft.courier?.company, draft.courier?.type, speech.couriers),
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
    words: describeStatus({ ...shipment, cod: codAmount(shipment) }, speech),
    // What the questions before booking and cancelling say: the COD collected, and whether a
    // shipment made again is booked at once.
    ask: {
      cod: formatMoney(codAmount(shipment), shipment.currency, locale),
      autoConfirm: settings.autoConfirm,
    },
    // Work in flight (a request not yet taken up, a draft being made, a waybill to come, a
    // return pickup being booked): the page follows it without a reload (useLiveWhile).
    inFlight:
      inFlight(shipment, timeline.at(-1)?.type, { drafting: settings.autoCreateDrafts }) ||
      returnPickups.some((p) => p.booking),
    // The problem and the reason in the reader's words (as written, when kept as a sentence only).
    problemText: storedText(shipment.problem, shipment.problemSaid, t, words),
    decisionText: storedText(shipment.decision, shipment.decisionSaid, t, words),
    // What the merchant may do now, decided where the API decides it (app/shipments/available.ts).
    actions: availableActions(shipment),
    // After the booking: the customer's WhatsApp (a parcel in trouble or coming back), the COD and
    // what became of it, what became of a returned parcel.
    ...afterBookingWords(shipment, speech),
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
        const title = eventTitle(facts, t);
        // In the reader's words when the app kept it as data; as written otherwise.
        const message = storedText(e.message, e.said, t, words);
        return {
          id: e.id,
          title,
          who: actorName(e.actor, t),
          change: eventChange(facts, t),
          // Not twice: a message that says no more than the headline is left out.
          message: message === title ? null : message,
          relative: relativeTime(e.createdAt, now, locale),
          exact: exactTime(e.createdAt, speech),
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
      status: describeStatus(h, speech).label,
      referenceId: h.referenceId,
    })),
    latest: attempts[0]?.id === shipment.id,
    parts: parts.map((p) => ({
      id: p.id,
      part: p.part,
      location: p.shopifyLocationName,
      status: describeStatus(p, speech).label,
    })),
    problemTitle:
      shipment.problemKinds.filter(isProblemKind).length > 0
        ? t("statusSentence.needsAttention", {
            problem: shipment.problemKinds
              .filter(isProblemKind)
              .map((k) => problemKindWords(k, t).label.toLowerCase())
              .join(", "),
          })
        : t("status.needsAttention"),
  };
};

/** What the merchant is told after each action (`shipment.done.<intent>`): the work is queued, the page follows it. */
const INTENTS = new Set(["confirm", "cancel", "retry", "create", "rebook", "courier"]);

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { t } = await wordsFor(request);
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
        message: t("shipment.done.shipAgain", { attempt: next.attempt }),
      };
    } else if (intent === "book_return_pickup") {
      const [company, type, price] = String(form.get("courier") ?? "").split("/");
      const pickup = await getPickup(db, session.shop, String(form.get("pickupId") ?? ""));
      if (!pickup || pickup.shipmentId !== id)
        return { ok: false, message: t("shipment.refused.noReturn") };
      if (!company || !type || !Number.isFinite(Number(price)))
        return { ok: false, message: t("shipment.refused.chooseCourier") };
      const asked = await requestPickup(db, enqueue, session.shop, pickup.id, {
        company,
        type,
        price: Number(price),
      });
      return asked
        ? { ok: true, message: t("shipment.done.returnPickup") }
        : { ok: false, message: t("shipment.refused.returnNotWaiting") };
    } else if (intent === "rebook") await rebook(deps, session.shop, id);
    else if (intent === "courier") {
      const [company, type] = String(form.get("courier") ?? "").split("/");
      if (!company || !type) return { ok: false, message: t("shipment.refused.chooseCourier") };
      await chooseCourier(deps, session.shop, id, company, type);
    } else return { ok: false, message: t("list.unknownAction") };
    return {
      ok: true,
      message: INTENTS.has(intent) ? t(`shipment.done.${intent}` as "shipment.done.confirm") : "",
    };
  } catch (error) {
    if (error instanceof ShipmentActionError) {
      if (error.status === 404) throw new Response(error.describe(t), { status: 404 });
      return { ok: false, message: error.describe(t) };
    }
    if (error instanceof ShippingError)
      return {
        ok: false,
        message: t("shipment.refused.service", { reason: error.message }),
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
    ask,
    inFlight: live,
    problemTitle,
    problemText,
    decisionText,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  useLiveWhile(live);
  const navigation = useNavigation();
  const submit = useSubmit();
  // Only the pressed button spins.
  const pending = navigation.state !== "idle" ? String(navigation.formData?.get("intent")) : null;
  const busy = pending !== null;
  const [asking, setAsking] = useState<Asked | null>(null);
  const [courier, setCourier] = useState(rates[0] ? `${rates[0].company}/${rates[0].type}` : "");
  const canConfirm = shipment.status === "draft_ready";
  const canCreate = shipment.status === "pending";
  const canCancel = actions.includes("cancel");
  const canShipAgain = latest && shipment.status === "cancelled";
  const canRebook =
    latest &&
    Boolean(shipment.shippingOrderId) &&
    ["confirmed", "scheduled", "allocated", "picking_up"].includes(shipment.status);

  const button = (intent: string, label: string, tone?: "critical") =>
    intent === "confirm" || intent === "cancel" || intent === "rebook" ? (
      // Spends money or cannot be undone: asked first (ConfirmModal), sent only when confirmed.
      <Button loading={pending === intent} tone={tone} onClick={() => setAsking(intent)}>
        {label}
      </Button>
    ) : (
      <Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <Button submit loading={pending === intent} disabled={busy} tone={tone}>
          {label}
        </Button>
      </Form>
    );

  return (
    <Page
      title={t("shipment.title", { order: shipment.orderName ?? shipment.orderId })}
      backAction={{ content: t("nav.shipments"), onAction: () => navigate("/app") }}
      titleMetadata={<StatusBadge label={words.label} group={words.group} />}
      secondaryActions={
        shipment.waybillId && !["cancelled", "not_required"].includes(shipment.status)
          ? [
              {
                content: shipment.labelPrintedAt ? t("shipment.printAgain") : t("shipment.print"),
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
              <Banner tone="critical" title={problemTitle}>
                <p>{problemText}</p>
                {whatsapp && (
                  <Box paddingBlockStart="200">
                    <Button url={whatsapp} target="_blank">
                      {t("common.whatsapp")}
                    </Button>
                  </Box>
                )}
                {refundUrl && (
                  <Box paddingBlockStart="200">
                    <Button url={refundUrl} target="_top">
                      {t("shipment.refund")}
                    </Button>
                  </Box>
                )}
              </Banner>
            )}
            {shipment.decision && (
              <Banner
                tone={shipment.awaitingPayment ? "warning" : "info"}
                title={shipment.awaitingPayment ? t("status.waitingForPayment") : t("shipment.why")}
              >
                <p>{decisionText}</p>
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
                      {t("common.whatsapp")}
                    </Button>
                  </InlineStack>
                )}
                {parts.length > 1 && (
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="span">
                      {shipment.shopifyLocationName
                        ? t("shipment.partAt", {
                            part: shipment.part,
                            count: parts.length,
                            location: shipment.shopifyLocationName,
                          })
                        : t("shipment.part", { part: shipment.part, count: parts.length })}
                    </Text>
                    {parts
                      .filter((p) => p.part !== shipment.part)
                      .map((p) => (
                        <Button
                          key={p.id}
                          variant="plain"
                          onClick={() => navigate(`/app/shipments/${p.id}`)}
                        >
                          {p.location
                            ? t("shipment.otherPartAt", { ...p })
                            : t("shipment.otherPart", { ...p })}
                        </Button>
                      ))}
                  </InlineStack>
                )}
                {history.length > 1 && (
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="span">
                      {t("shipment.attempts", { attempt: shipment.attempt, count: history.length })}
                    </Text>
                    {history
                      .filter((h) => h.id !== shipment.id)
                      .map((h) => (
                        <Button
                          key={h.id}
                          variant="plain"
                          onClick={() => navigate(`/app/shipments/${h.id}`)}
                        >
                          {t("shipment.otherAttempt", { attempt: h.attempt, status: h.status })}
                        </Button>
                      ))}
                  </InlineStack>
                )}
                <Text as="p">
                  {t("shipment.courier", { courier: words.courier ?? t("shipment.notChosen") })}
                </Text>
                <Text as="p">
                  {t("shipment.price", { price: words.price ?? t("shipment.notPriced") })}
                </Text>
                <Text as="p">
                  {t("shipment.waybill", { waybill: shipment.waybillId ?? t("shipment.noneYet") })}{" "}
                  {shipment.trackingUrl && (
                    <Link url={shipment.trackingUrl} target="_blank">
                      {t("shipment.track")}
                    </Link>
                  )}
                </Text>
                <Text as="p">
                  {t("shipment.from", {
                    origin:
                      shipment.originName ??
                      (shipment.draftOrderId
                        ? t("shipment.defaultPickup")
                        : t("shipment.pickupLater")),
                  })}
                </Text>
                <Text as="p">
                  {t("shipment.to", {
                    destination: shipment.redactedAt
                      ? t("shipment.redacted")
                      : [shipment.destinationName, shipment.destinationAddress]
                          .filter(Boolean)
                          .join(", ") || t("shipment.noAddress"),
                  })}
                </Text>
                <Text as="p" tone="subdued">
                  {t("shipment.reference", { reference: shipment.referenceId })}
                </Text>
                <InlineStack gap="200">
                  {canCreate && button("create", t("shipment.actions.create"))}
                  {canConfirm &&
                    button(
                      "confirm",
                      shipment.awaitingPayment
                        ? t("shipment.actions.bookUnpaid")
                        : t("shipment.actions.confirm"),
                    )}
                  {canShipAgain && button("ship_again", t("shipment.actions.shipAgain"))}
                  {canRebook && button("rebook", t("shipment.actions.rebook"), "critical")}
                  {shipment.problem &&
                    (canCreate || canConfirm) &&
                    button("retry", t("list.actions.retry"))}
                  {canCancel && button("cancel", t("shipment.actions.cancel"), "critical")}
                </InlineStack>
                {!canCancel && withCourier(shipment.status) && (
                  <Text as="p" tone="subdued">
                    {t("shipment.ask.withCourier")}
                  </Text>
                )}
                <ActionQuestion
                  asking={asking}
                  shipment={shipment}
                  words={words}
                  ask={ask}
                  onClose={() => setAsking(null)}
                  onConfirm={(intent) => {
                    submit({ intent }, { method: "post" });
                    setAsking(null);
                  }}
                />
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
                          ? t("shipment.chooser.draft")
                          : t("shipment.chooser.shipment")
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
                      {t("shipment.chooser.use")}
                    </Button>
                  </BlockStack>
                </Form>
              </Card>
            )}
            <ShipmentTimeline events={timeline} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <ServiceCard remote={remote} remoteError={remoteError} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
