import { Form } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/**
 * The shop's events URL, for the shipping service's dashboard (its webhooks), the button that
 * makes a new one (after a leak: the old one keeps working for a while), when the service last
 * reached it (or that it never has), and, while an old one
 * (or a rates URL without a token) is still accepted, the button that ends it now.
 */
export function EventsUrlCard({
  url,
  previousUntil,
  tokenlessUntil,
  ratesPending,
  reachedAt,
  result,
  busy,
}: {
  url: string;
  /** Until when the URL before the last rotation is still accepted (in words, the shop's zone), or null. */
  previousUntil: string | null;
  /** Until when rate requests without a token are still answered (in words), or null. */
  tokenlessUntil: string | null;
  /** Shopify has not taken the current rates URL yet. */
  ratesPending: boolean;
  /** When the service last reached the URL (in words, the shop's zone), or null: never. */
  reachedAt: string | null;
  result: { ok: boolean; message: string } | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const stillAccepted = [
    previousUntil && t("events.card.previousUntil", { until: previousUntil }),
    tokenlessUntil && t("events.card.tokenlessUntil", { until: tokenlessUntil }),
    ratesPending && (previousUntil || tokenlessUntil) && t("events.card.endStopsRates"),
  ].filter(Boolean);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("events.card.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("events.card.about")}
        </Text>
        {result && <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>}
        {reachedAt ? (
          <Text as="p" tone="success">
            {t("events.card.lastReached", { at: reachedAt })}
          </Text>
        ) : (
          <Banner tone="warning">{t("events.card.neverReached")}</Banner>
        )}
        <TextField
          label={t("events.card.url")}
          value={url}
          readOnly
          autoComplete="off"
          selectTextOnFocus
          helpText={stillAccepted.length > 0 ? stillAccepted.join(" ") : undefined}
        />
        <InlineStack gap="200">
          <Form method="post">
            <input type="hidden" name="intent" value="rotateEventsUrl" />
            <Button submit loading={busy}>
              {t("events.card.rotate")}
            </Button>
          </Form>
          {stillAccepted.length > 0 && (
            <Form method="post">
              <input type="hidden" name="intent" value="endOldEventsUrl" />
              <Button submit tone="critical" loading={busy}>
                {t("events.card.end")}
              </Button>
            </Form>
          )}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
