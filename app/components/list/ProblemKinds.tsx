import { BlockStack, Button, ButtonGroup, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { placeParams, type ListPlace } from "./list-place";

/** One kind of problem the shop's shipments have now, with its words and how many. */
export interface ProblemKindCount {
  kind: string;
  label: string;
  hint: string;
  count: number;
}

/**
 * The "needs attention" tab's kinds of problem, every one or one at a time; the chosen kind's
 * hint says what settles it.
 */
export function ProblemKinds({
  kinds,
  place,
  attention,
  onGo,
}: {
  kinds: ProblemKindCount[];
  place: ListPlace;
  /** How many shipments need attention in all. */
  attention: number;
  onGo(params: Record<string, string>): void;
}) {
  const { t } = useTranslation();
  const chosen = kinds.find((k) => k.kind === place.kind);
  const choose = (kind: string | null) =>
    onGo(placeParams(place, { tab: "attention", q: place.search, kind }));
  return (
    <div style={{ padding: "0 12px 12px" }}>
      <BlockStack gap="200">
        <InlineStack gap="200" blockAlign="center">
          <Text as="span" variant="bodySm" tone="subdued">
            {t("list.kinds.title")}
          </Text>
          <ButtonGroup variant="segmented">
            <Button size="slim" pressed={!place.kind} onClick={() => choose(null)}>
              {t("list.kinds.every", { count: attention })}
            </Button>
            {kinds.map((k) => (
              <Button
                key={k.kind}
                size="slim"
                pressed={place.kind === k.kind}
                onClick={() => choose(k.kind)}
              >
                {t("list.kinds.one", { label: k.label, count: k.count })}
              </Button>
            ))}
          </ButtonGroup>
        </InlineStack>
        {chosen && (
          <Text as="p" variant="bodySm" tone="subdued">
            {chosen.hint}
          </Text>
        )}
      </BlockStack>
    </div>
  );
}
