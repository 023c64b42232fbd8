import { Banner, List, Page, Text } from "@shopify/polaris";
import type { MissingScope } from "../shops/access-grant.server";

/**
 * Permissions the app asks for and the shop has not approved yet (a shop installed before the app
 * asked for them), each with what it is for; shown above every page until they are approved.
 */
export function ScopesBanner({ missing }: { missing: readonly MissingScope[] }) {
  if (missing.length === 0) return null;
  return (
    <Page>
      <Banner tone="warning" title="Approve the app's updated permissions">
        <Text as="p">
          Open the app again from Apps in your Shopify admin: Shopify shows the permissions to
          approve. Until you approve them, the app cannot:
        </Text>
        <List>
          {missing.map((m) => (
            <List.Item key={m.scope}>{m.purpose}</List.Item>
          ))}
        </List>
        <Text as="p">What waits for them is sent as soon as you approve.</Text>
      </Banner>
    </Page>
  );
}
