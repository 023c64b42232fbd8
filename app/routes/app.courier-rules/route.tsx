import { useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { Banner, BlockStack, Button, List, Page, Text } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { RuleCard } from "../../couriers/rules/RuleCard";
import { RulesPreviewCard } from "../../couriers/rules/RulesPreviewCard";
import { emptyDraft, type RuleDraft } from "../../couriers/rules/form";
import { pageTitle } from "../../i18n/page-title";
import { useUnsavedChanges } from "../../ui/unsaved/UnsavedChanges";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

export { action } from "./action.server";
export { loader } from "./loader.server";

export const meta = pageTitle((t) => t("courierRules.title"));

/**
 * The shop's courier rules: written top to bottom, each a card; "Lihat pratinjau" shows what they
 * would pick for the latest orders without saving, "Simpan aturan" keeps them unless something
 * refuses them. Refusals and warnings are said above the rules, each field's fault under it. Until
 * they are saved, the admin's save bar holds the edits (Discard puts back the saved rules) and
 * leaving the page asks first.
 */
export default function CourierRules() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [drafts, setDrafts] = useState<RuleDraft[]>(data.drafts);
  const [edited, setEdited] = useState(false);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const report = result?.preview ? result : data;
  const errors = result?.errors ?? {};
  const refusals = result ? result.refusals : data.refusals;
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const send = useCallback(
    (intent: "save" | "preview") =>
      fetcher.submit({ intent, rules: JSON.stringify(drafts) }, { method: "post" }),
    [fetcher, drafts],
  );
  // The rules' answer to their last save: kept, the save bar goes.
  const [answered, setAnswered] = useState(fetcher.data);
  if (result && result !== answered) {
    setAnswered(result);
    if (result.ok && result.intent === "save") setEdited(false);
  }
  useUnsavedChanges("courierRules", {
    dirty: edited,
    busy: busy === "save",
    save: () => send("save"),
    discard: () => {
      setDrafts(data.drafts);
      setEdited(false);
    },
  });
  const edit = (next: (all: RuleDraft[]) => RuleDraft[]) => {
    setDrafts(next);
    setEdited(true);
  };
  const change = (i: number, draft: RuleDraft) =>
    edit((all) => all.map((d, j) => (j === i ? draft : d)));
  const move = (i: number, by: -1 | 1) =>
    edit((all) => {
      const next = [...all];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      return next;
    });
  return (
    <Page
      title={t("courierRules.title")}
      subtitle={t("courierRules.subtitle")}
      backAction={{ content: t("nav.settings"), onAction: () => navigate("/app/settings") }}
      primaryAction={{
        content: t("courierRules.save"),
        loading: busy === "save",
        onAction: () => send("save"),
      }}
      secondaryActions={[
        {
          content: t("courierRules.preview"),
          loading: busy === "preview",
          onAction: () => send("preview"),
        },
      ]}
    >
      <BlockStack gap="400">
        {result && (
          <Banner tone={result.ok ? (result.intent === "save" ? "success" : "info") : "critical"}>
            {result.message}
          </Banner>
        )}
        {refusals.length > 0 && (
          <Banner tone="critical">
            <List>
              {refusals.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Banner>
        )}
        {report.warnings.length > 0 && (
          <Banner tone="warning">
            <List>
              {report.warnings.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Banner>
        )}
        <Text as="p">{t("courierRules.about")}</Text>
        {drafts.length === 0 && (
          <Text as="p" tone="subdued">
            {t("courierRules.none")}
          </Text>
        )}
        {drafts.map((draft, i) => (
          <RuleCard
            key={i}
            draft={draft}
            number={i + 1}
            count={drafts.length}
            errors={errors}
            services={data.services}
            minParcels={data.minParcels}
            onChange={(d) => change(i, d)}
            onMove={(by) => move(i, by)}
            onRemove={() => edit((all) => all.filter((_, j) => j !== i))}
          />
        ))}
        <div>
          <Button
            disabled={drafts.length >= data.max}
            onClick={() => edit((all) => [...all, emptyDraft()])}
          >
            {t("courierRules.add")}
          </Button>
        </div>
        {report.preview && (
          <RulesPreviewCard
            preview={report.preview}
            count={report.preview.orders || data.previewOrders}
          />
        )}
      </BlockStack>
    </Page>
  );
}
