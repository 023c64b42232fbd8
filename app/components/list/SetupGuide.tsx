import { useFetcher, useNavigate } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  Collapsible,
  InlineStack,
  ProgressBar,
  Text,
  UnstyledButton,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isSkippable, type SetupGuide as Guide, type SetupStep } from "../../shops/setup-guide";

/**
 * The first-run setup guide on the shipments page (app/shops/setup-guide.ts): progress, and the
 * steps in order, each opening to what it asks and a button to the settings section that does it.
 * The first step not done is open; each is marked done by itself once it is. "Lewati" on a step a
 * shop may do without, "Sembunyikan" for the whole guide (both kept in the shop's settings).
 */
/** The element id of a step's panel. */
const panelOf = (step: SetupStep) => `setup-step-${step}`;

export function SetupGuide({ guide }: { guide: Guide }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fetcher = useFetcher();
  const [open, setOpen] = useState<SetupStep | null>(guide.next);
  const busy = fetcher.state !== "idle";
  const post = (fields: Record<string, string>) =>
    fetcher.submit(fields, { method: "post", action: "/app/settings" });
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="start" wrap={false} gap="200">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {t("setupGuide.title")}
            </Text>
            <Text as="p" tone="subdued">
              {t("setupGuide.about")}
            </Text>
          </BlockStack>
          <Button
            variant="tertiary"
            disabled={busy}
            onClick={() => post({ intent: "hideSetupGuide" })}
          >
            {t("setupGuide.hide")}
          </Button>
        </InlineStack>
        <InlineStack gap="300" blockAlign="center" wrap={false}>
          <Text as="p" variant="bodySm">
            {t("setupGuide.progress", { finished: guide.finished, total: guide.total })}
          </Text>
          <div style={{ flex: 1 }}>
            <ProgressBar
              progress={(guide.finished / guide.total) * 100}
              size="small"
              tone="primary"
              ariaLabelledBy="setup-guide-progress"
            />
          </div>
        </InlineStack>
        <span id="setup-guide-progress" hidden>
          {t("setupGuide.progress", { finished: guide.finished, total: guide.total })}
        </span>
        <ol style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {guide.steps.map((step, i) => {
            const expanded = open === step.id;
            const panel = panelOf(step.id);
            return (
              <li key={step.id}>
                <Box
                  paddingBlock="200"
                  borderBlockStartWidth={i === 0 ? undefined : "025"}
                  borderColor="border"
                >
                  <UnstyledButton
                    className="pb-setup-step"
                    aria-expanded={expanded}
                    aria-controls={panel}
                    onClick={() => setOpen(expanded ? null : step.id)}
                  >
                    <InlineStack gap="200" blockAlign="center" wrap={false}>
                      <Text
                        as="span"
                        variant="bodyMd"
                        fontWeight={expanded ? "semibold" : "regular"}
                      >
                        {`${i + 1}. ${t(`setupGuide.steps.${step.id}.title`)}`}
                      </Text>
                      {step.done && <Badge tone="success">{t("setupGuide.done")}</Badge>}
                      {step.skipped && <Badge>{t("setupGuide.skipped")}</Badge>}
                    </InlineStack>
                  </UnstyledButton>
                  <Collapsible id={panel} open={expanded}>
                    <Box paddingBlockStart="200">
                      <BlockStack gap="200">
                        <Text as="p" tone="subdued">
                          {t(`setupGuide.steps.${step.id}.${step.done ? "doneAbout" : "about"}`)}
                        </Text>
                        <InlineStack gap="200">
                          <Button
                            variant={step.done || step.skipped ? "secondary" : "primary"}
                            onClick={() => navigate(`/app/settings#${step.id}`)}
                          >
                            {t(`setupGuide.steps.${step.id}.action`)}
                          </Button>
                          {isSkippable(step.id) && !step.done && !step.skipped && (
                            <Button
                              variant="tertiary"
                              disabled={busy}
                              onClick={() => post({ intent: "skipSetupStep", step: step.id })}
                            >
                              {t("setupGuide.skip")}
                            </Button>
                          )}
                        </InlineStack>
                      </BlockStack>
                    </Box>
                  </Collapsible>
                </Box>
              </li>
            );
          })}
        </ol>
      </BlockStack>
    </Card>
  );
}
