import { Button } from "@shopify/polaris";
import { Form } from "@remix-run/react";
import { usePendingIntent } from "../../ui/usePendingIntent";

/**
 * A button that posts its intent to the page at once (what costs nothing and can be undone);
 * it spins while its own intent is sent, and waits while another is.
 */
export function PostButton({
  intent,
  label,
  tone,
}: {
  intent: string;
  label: string;
  tone?: "critical";
}) {
  const pending = usePendingIntent();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button submit loading={pending === intent} disabled={pending !== null} tone={tone}>
        {label}
      </Button>
    </Form>
  );
}
