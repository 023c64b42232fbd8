import { Button } from "@shopify/polaris";
import { Form, useNavigation } from "@remix-run/react";

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
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? String(navigation.formData?.get("intent")) : null;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button submit loading={pending === intent} disabled={pending !== null} tone={tone}>
        {label}
      </Button>
    </Form>
  );
}
