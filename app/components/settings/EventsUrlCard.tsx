import { Form } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, Text, TextField } from "@shopify/polaris";

/**
 * The shop's events URL, for the shipping service's dashboard (its webhooks), and the button that
 * makes a new one (after a leak: the old one keeps working for a while).
 */
export function EventsUrlCard({
  url,
  previousUntil,
  result,
  busy,
}: {
  url: string;
  /** Until when the URL before the last rotation is still accepted (ISO), or null. */
  previousUntil: string | null;
  result: { ok: boolean; message: string } | null;
  busy: boolean;
}) {
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" value="rotateEventsUrl" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Status updates from the shipping service
          </Text>
          <Text as="p" tone="subdued">
            Paste this URL in your shipping service&apos;s dashboard as the webhook URL for order
            events: each courier&apos;s progress then reaches your shipments and orders within
            seconds (without it, every few minutes). It is this shop&apos;s own: keep it private.
          </Text>
          {result && <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>}
          <TextField
            label="Events URL"
            value={url}
            readOnly
            autoComplete="off"
            selectTextOnFocus
            helpText={
              previousUntil
                ? `The previous URL is accepted until ${new Date(previousUntil).toUTCString()}.`
                : undefined
            }
          />
          <div>
            <Button submit loading={busy}>
              Make a new URL
            </Button>
          </div>
        </BlockStack>
      </Form>
    </Card>
  );
}
