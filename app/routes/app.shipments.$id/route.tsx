import { ReturnPickupCard } from "../../returns/ReturnPickupCard";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { usePendingIntent } from "../../ui/usePendingIntent";
import { ProblemBanner } from "../../components/shipment/ProblemBanner";
import { RelatedShipments } from "../../components/shipment/RelatedShipments";
import { ShipmentActions } from "../../components/shipment/ShipmentActions";
import { CourierChooser } from "../../components/shipment/CourierChooser";
import { PickupCard } from "../../components/shipment/PickupCard";
import { StuckHelpCard } from "../../components/shipment/StuckHelpCard";
import { InsuranceCard } from "../../components/shipment/InsuranceCard";
import { CourierLines } from "../../components/shipment/CourierLines";
import { useLiveWhile } from "../../ui/useLiveWhile";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  Page,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { ShipmentTimeline } from "../../components/shipment/ShipmentTimeline";
import { ServiceCard } from "../../components/shipment/ServiceCard";
import { ParcelCard } from "../../components/shipment/ParcelCard";
import { CodRiskBanner } from "../../cod-risk/CodRiskBanner";
import { StatusBadge } from "../../components/StatusBadge";
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
    unpriced,
    pickup,
    stuckFacts,
    insurance,
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
  // Only the pressed button spins.
  const pending = usePendingIntent();
  const busy = pending !== null;
  // Held for its COD risk: its banner says why and offers the decisions (not retry, not a bare cancel).
  const heldForRisk = Boolean(codRisk?.held);

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
              <ProblemBanner
                title={problemTitle}
                text={problemText}
                whatsapp={whatsapp}
                refundUrl={refundUrl}
                fixAt={fixAt}
                orderUrl={orderUrl}
              />
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
                <RelatedShipments shipment={shipment} parts={parts} history={history} />
                <CourierLines
                  courier={words.courier}
                  priceLine={priceLine}
                  cost={cost}
                  waybillId={shipment.waybillId}
                  trackingUrl={shipment.trackingUrl}
                  remote={remote}
                />
                <ShipmentActions
                  shipment={shipment}
                  words={words}
                  ask={ask}
                  actions={actions}
                  latest={latest}
                  heldForRisk={heldForRisk}
                />
              </BlockStack>
            </Card>
            {rates.length > 0 && (
              <CourierChooser
                rates={rates}
                drafted={Boolean(shipment.draftOrderId)}
                unpriced={unpriced}
                recordDays={recordDays}
                busy={busy}
              />
            )}
            {stuckFacts && <StuckHelpCard facts={stuckFacts} />}
            {insurance && <InsuranceCard insurance={insurance} />}
            {pickup && (
              <PickupCard
                key={pickup.chosen ? `${pickup.chosen.date} ${pickup.chosen.time}` : "now"}
                pickup={pickup}
                busy={busy}
              />
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
