import { Form, Link, useNavigation } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";

/** One thing the merchant recorded: a payout, an imported statement. */
export interface RecordedLine {
  id: string;
  line: string;
  /** How it compares with what was expected, said under it (in caution when it `differs`). */
  check: string;
  differs: boolean;
}

/**
 * What the merchant recorded on the COD page, newest first, each against what was expected: the
 * payouts recorded by hand and the statements imported. One recorded by mistake is removed
 * (`removeIntent` with its id), and its parcels are open again; `open` links to its own page.
 */
export function RecordedList({
  title,
  none,
  lines,
  removeIntent,
  removeLabel,
  open,
}: {
  title: string;
  none: string;
  lines: RecordedLine[];
  removeIntent: string;
  removeLabel: string;
  open?: { label: string; href: (id: string) => string };
}) {
  const navigation = useNavigation();
  const removing =
    navigation.state !== "idle" && navigation.formData?.get("intent") === removeIntent
      ? navigation.formData.get("id")
      : null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {lines.length === 0 ? (
          <Text as="p" tone="subdued">
            {none}
          </Text>
        ) : (
          lines.map((l) => (
            <InlineStack key={l.id} gap="300" align="space-between" blockAlign="center">
              <BlockStack gap="0">
                <Text as="span">{l.line}</Text>
                <Text as="span" variant="bodySm" tone={l.differs ? "caution" : "subdued"}>
                  {l.check}
                </Text>
              </BlockStack>
              <InlineStack gap="300" blockAlign="center">
                {open && <Link to={open.href(l.id)}>{open.label}</Link>}
                <Form method="post">
                  <input type="hidden" name="intent" value={removeIntent} />
                  <input type="hidden" name="id" value={l.id} />
                  <Button submit variant="plain" tone="critical" loading={removing === l.id}>
                    {removeLabel}
                  </Button>
                </Form>
              </InlineStack>
            </InlineStack>
          ))
        )}
      </BlockStack>
    </Card>
  );
}
