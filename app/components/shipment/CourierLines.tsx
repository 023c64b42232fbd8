import { InlineStack, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { PostButton } from "./PostButton";

/**
 * The courier, what the service charges (and what it quoted before, when that differs), what the
 * parcel cost the shop, the waybill with its tracking link, and the pickup and driver as the
 * service says them now.
 */
export function CourierLines({
  courier,
  priceLine,
  cost,
  waybillId,
  trackingUrl,
  remote,
}: {
  courier: string | null;
  priceLine: { price: string; was: string | null } | null;
  /** The parcel's costs in words (app/costs/words.ts); checkable: a re-weigh the merchant may accept. */
  cost: { lines: string[]; checkable: boolean } | null;
  waybillId: string | null;
  trackingUrl: string | null;
  remote: { pickup?: string | null; driver?: string | null } | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text as="p">{t("shipment.courier", { courier: courier ?? t("shipment.notChosen") })}</Text>
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
          <PostButton intent="reweigh_checked" label={t("shipment.actions.reweighChecked")} />
        </InlineStack>
      )}
      <Text as="p">
        {t("shipment.waybill", { waybill: waybillId ?? t("shipment.noneYet") })}{" "}
        {trackingUrl && (
          <Link url={trackingUrl} target="_blank">
            {t("shipment.track")}
          </Link>
        )}
      </Text>
      {remote?.pickup && <Text as="p">{remote.pickup}</Text>}
      {remote?.driver && <Text as="p">{remote.driver}</Text>}
    </>
  );
}
