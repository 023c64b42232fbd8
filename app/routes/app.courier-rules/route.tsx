import { useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { Banner, BlockStack, Button, List, Page, Text } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { RuleCard } from "../../components/courier-rules/RuleCard";
import { RulesPreviewCard } from "../../components/courier-rules/RulesPreviewCard";
import { emptyDraft, type RuleDraft } from "../../couriers/rules/form";
import { pageTitle } from "../../i18n/page-title";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

export { action } from "./action.server";
export { loader } from "./loader.server";

export const meta = pageTitle((t) => t("courierRules.title"));

/**
 * The shop's courier rules: written top to bottom, each a card; "Lihat pratinjau" shows what they
 * would pick for the latest orders without saving, "Simpan aturan" keeps them unless something
 * refuses them. Refusals and warnings are said above the rules, each field's fault under it.
 */
export default function CourierRules() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [drafts, setDrafts] = useState<RuleDraft[]>(data.drafts);
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
  const change = (i: number, draft: RuleDraft) =>
    setDrafts((all) => all.map((d, j) => (j === i ? draft : d)));
  const move = (i: number, by: -1 | 1) =>
    setDrafts((all) => {
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
            onRemove={() => setDrafts((all) => all.filter((_, j) => j !== i))}
          />
        ))}
        <div>
          <Button
            disabled={drafts.length >= data.max}
            onClick={() => setDrafts((all) => [...all, emptyDraft()])}
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
