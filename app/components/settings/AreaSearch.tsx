import { useFetcher } from "@remix-run/react";
import { BlockStack, Button, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AreaChoice } from "../../shops/area-choice";

/**
 * Finding the pickup location's district by name or postal code, through the shipping service's
 * own area search (/app/areas): choosing one fills in its postal code, so the service knows it.
 */
export function AreaSearch({ onChoose }: { onChoose: (area: AreaChoice) => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ areas: AreaChoice[]; error: string | null }>();
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState("");
  const areas = fetcher.data?.areas ?? [];
  const search = () => fetcher.load(`/app/areas?q=${encodeURIComponent(q)}`);
  return (
    <BlockStack gap="200">
      {/* Enter searches, instead of saving the location the search sits in; what is typed here is
          no edit of the location (the save bar does not show for it). */}
      <div
        role="search"
        data-unsaved-ignore
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          if (q.trim().length >= 3) search();
        }}
      >
        <InlineStack gap="200" blockAlign="end" wrap={false}>
          <div style={{ flexGrow: 1 }}>
            <TextField
              label={t("settings.pickup.area.label")}
              helpText={t("settings.pickup.area.help")}
              value={q}
              onChange={setQ}
              autoComplete="off"
            />
          </div>
          <Button
            onClick={search}
            loading={fetcher.state !== "idle"}
            disabled={q.trim().length < 3}
          >
            {t("settings.pickup.area.search")}
          </Button>
        </InlineStack>
      </div>
      {fetcher.data?.error && (
        <Text as="p" tone="caution">
          {fetcher.data.error}
        </Text>
      )}
      {areas.length > 0 && (
        <Select
          label={t("settings.pickup.area.choose")}
          options={[
            { label: t("settings.pickup.area.pick", { count: areas.length }), value: "" },
            ...areas.map((a) => ({ label: a.label, value: a.id })),
          ]}
          value={chosen}
          onChange={(id) => {
            setChosen(id);
            const area = areas.find((a) => a.id === id);
            if (area) onChoose(area);
          }}
        />
      )}
    </BlockStack>
  );
}
