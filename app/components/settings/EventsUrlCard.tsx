import { Form } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";

/**
 * The shop's events URL, for the shipping service's dashboard (its webhooks), the button that
 * makes a new one (after a leak: the old one keeps working for a while), and, while an old one
 * (or a rates URL without a token) is still accepted, the button that ends it now.
 */
export function EventsUrlCard({
  url,
  previousUntil,
  tokenlessUntil,
  ratesPending,
  result,
  busy,
}: {
  url: string;
  /** Until when the URL before the last rotation is still accepted (ISO), or null. */
  previousUntil: string | null;
  /** Until when rate requests without a token are still answered (ISO), or null. */
  tokenlessUntil: string | null;
  /** Shopify has not taken the current rates URL yet. */
  ratesPending: boolean;
  result: { ok: boolean; message: string } | null;
  busy: boolean;
}) {
  const stillAccepted = [
    previousUntil && `The previous URL is accepted until ${new Date(previousUntil).toUTCString()}.`,
    tokenlessUntil &&
      `Rate requests from Shopify without this shop's code are answered until ${new Date(tokenlessUntil).toUTCString()}, while the app gives Shopify the new rates URL.`,
    ratesPending &&
      (previousUntil || tokenlessUntil) &&
      "Ending it now stops rates at checkout until Shopify takes the new rates URL.",
  ].filter(Boolean);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Status updates from the shipping service
        </Text>
        <Text as="p" tone="subdued">
          Paste this URL in your shipping service&apos;s dashboard as the webhook URL for order
          events: each courier&apos;s progress then reaches your shipments and orders within seconds
          (without it, every few minutes). It is this shop&apos;s own: keep it private.
        </Text>
        {result && <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>}
        <TextField
          label="Events URL"
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
              Make a new URL
            </Button>
          </Form>
          {stillAccepted.length > 0 && (
            <Form method="post">
              <input type="hidden" name="intent" value="endOldEventsUrl" />
              <Button submit tone="critical" loading={busy}>
                End the old URL now
              </Button>
            </Form>
          )}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
