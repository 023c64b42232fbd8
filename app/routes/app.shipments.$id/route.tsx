import { ReturnPickupCard } from "../../components/ReturnPickupCard";
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSubmit,
} from "@remix-run/react";
import { ActionQuestion, type Asked } from "../../components/shipment/ActionQuestion";
import { useLiveWhile } from "../../components/useLiveWhile";
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
import { ShipmentTimeline } from "../../components/shipment/ShipmentTimeline";
import { ServiceCard } from "../../components/shipment/ServiceCard";
import { ParcelCard } from "../../components/shipment/ParcelCard";
import { CodRiskBanner } from "../../components/shipment/CodRiskBanner";
import { StatusBadge } from "../../components/StatusBadge";
import { withCourier } from "../../shipments/available";
import type { action } from "./action.server";
import type { loader } from "./loader.server";
import { pageTitle } from "../../i18n/page-title";

export const meta = pageTitle<{ shipment?: { orderName: string | null; orderId: string } }>(
  (t, data) =>
    data?.shipment
      ? t("shipment.title", { order: data.shipment.orderName ?? data.shipment.orderId })
      : t("nav.shipments"),
);

export { loader } from "./loader.server";
export { action } from "./action.server";

export default function ShipmentDetail() {
  const navigate = useNavigate();
  const {
    shipment,
    words,
    priceLine,
    cost,
    parcel,
    codRisk,
    whatsapp,
    cod,
    returned,
    refundUrl,
    timeline,
    remote,
    remoteError,
    rates,
    recordDays,
    history,
    latest,
    parts,
    returnPickups,
    orderUrl,
    actions,
    ask,
    inFlight: live,
    standing,
    fixAt,
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
  // Held for its COD risk: its banner says why and offers the decisions (not retry, not a bare cancel).
  const heldForRisk = Boolean(codRisk?.held);
  const canCancel = actions.includes("cancel") && !heldForRisk;
  const canShipAgain = latest && shipment.status === "cancelled";
  // Booked, and the service can still cancel it (the courier does not have the parcel yet).
  const canRebook = latest && Boolean(shipment.shippingOrderId) && canCancel;

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
            {codRisk && (
              <CodRiskBanner
                risk={codRisk}
                orderName={shipment.orderName ?? shipment.orderId}
                pending={pending}
              />
            )}
            {returnPickups.map((view) => (
              <ReturnPickupCard key={view.id} view={view} busy={busy} orderUrl={orderUrl} />
            ))}
            {shipment.problem && !heldForRisk && (
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
                {fixAt && (
                  <Box paddingBlockStart="200">
                    {fixAt === "order" ? (
                      <Button url={orderUrl} target="_top">
                        {t("common.openOrder")}
                      </Button>
                    ) : (
                      <Button onClick={() => navigate("/app/settings")}>
                        {t("list.setup.open")}
                      </Button>
                    )}
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
                  {shipment.problem ? standing : words.sentence}
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
                  {priceLine?.price ?? t("shipment.price", { price: t("shipment.notPriced") })}
                </Text>
                {priceLine?.was && (
                  <Text as="p" tone="subdued">
                    {priceLine.was}
                  </Text>
                )}
                {cost?.lines.map((line) => (
                  <Text as="p" tone="subdued" key={line}>
                    {line}
                  </Text>
                ))}
                {cost?.checkable && (
                  <InlineStack gap="200">
                    {button("reweigh_checked", t("shipment.actions.reweighChecked"))}
                  </InlineStack>
                )}
                <Text as="p">
                  {t("shipment.waybill", { waybill: shipment.waybillId ?? t("shipment.noneYet") })}{" "}
                  {shipment.trackingUrl && (
                    <Link url={shipment.trackingUrl} target="_blank">
                      {t("shipment.track")}
                    </Link>
                  )}
                </Text>
                {remote?.pickup && <Text as="p">{remote.pickup}</Text>}
                {remote?.driver && <Text as="p">{remote.driver}</Text>}
                <InlineStack gap="200">
                  {/* With a problem, "Retry" makes the draft; "Create draft now" is for a shop that drafts by hand. */}
                  {canCreate && !shipment.problem && button("create", t("shipment.actions.create"))}
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
                    !heldForRisk &&
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
                      helpText={
                        rates.some((r) => r.record)
                          ? (rates.find((r) => `${r.company}/${r.type}` === courier)?.record ??
                            t("couriers.record.noHistory", { days: recordDays }))
                          : undefined
                      }
                    />
                    <Button submit loading={busy}>
                      {t("shipment.chooser.use")}
                    </Button>
                  </BlockStack>
                </Form>
              </Card>
            )}
            <ParcelCard
              parcel={parcel}
              recipient={
                shipment.redactedAt
                  ? null
                  : {
                      name: shipment.destinationName,
                      phone: shipment.destinationPhone,
                      // The address as the draft sends it (street, city, province, postal code).
                      address: shipment.destinationAddress,
                    }
              }
              origin={
                shipment.originName ??
                (shipment.draftOrderId ? t("shipment.defaultPickup") : t("shipment.pickupLater"))
              }
            />
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
