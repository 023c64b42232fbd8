import { Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** A settings group's heading and what the group changes. */
export function GroupHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <Text as="h2" variant="headingMd">
        {title}
      </Text>
      <Text as="p" tone="subdued">
        {children}
      </Text>
    </>
  );
}
