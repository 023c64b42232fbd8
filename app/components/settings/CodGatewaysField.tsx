import { BlockStack, Checkbox, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Which payment methods mean cash on delivery, ticked from the methods the shop's orders carry
 * (read from Shopify), never typed: a method whose name says COD is ticked and cannot be unticked
 * (the app reads it as COD whatever the settings); any other can be ticked (a courier's own COD
 * app, "Bayar saat barang sampai"). Each ticked one is sent as its own `codGateways` field.
 */
export function CodGatewaysField({
  choices,
  chosen,
  unread,
}: {
  /** The methods the shop's orders carry (app/shops/payment-gateways.server.ts). */
  choices: { name: string; auto: boolean; orders: number }[];
  chosen: string[];
  /** Why Shopify's orders could not be read (the saved methods are still shown); null when read. */
  unread: string | null;
}) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<string[]>(chosen);
  return (
    <BlockStack gap="100">
      <Text as="p" fontWeight="medium">
        {t("settings.parcel.gateways")}
      </Text>
      <input type="hidden" name="codGatewaysList" value="1" />
      {choices.length === 0 && (
        <Text as="p" tone="subdued">
          {t("settings.parcel.gatewaysNone")}
        </Text>
      )}
      {choices.map((c) => (
        <div key={c.name}>
          <Checkbox
            label={c.name}
            helpText={c.auto ? undefined : t("settings.parcel.gatewayOrders", { count: c.orders })}
            checked={c.auto || ticked.includes(c.name)}
            disabled={c.auto}
            onChange={(on) =>
              setTicked(on ? [...ticked, c.name] : ticked.filter((n) => n !== c.name))
            }
          />
          {c.auto && (
            // Said beside the box, not as its help text: a disabled box's help text is drawn
            // too faint to read (2:1 against white; axe-core's colour contrast).
            <div style={{ paddingInlineStart: "1.75rem" }}>
              <Text as="p" tone="subdued">
                {t("settings.parcel.gatewayAuto")}
              </Text>
            </div>
          )}
          {!c.auto && ticked.includes(c.name) && (
            <input type="hidden" name="codGateways" value={c.name} />
          )}
        </div>
      ))}
      <Text as="p" tone="subdued">
        {unread
          ? t("settings.parcel.gatewaysUnread", { reason: unread })
          : t("settings.parcel.gatewaysHelp")}
      </Text>
    </BlockStack>
  );
}
