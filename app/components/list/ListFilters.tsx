import { Button, InlineStack, Select, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { placeParams, type ListPlace } from "./list-place";

/** The list's search, its not-printed filter and its COD-risk filter, in the tab shown. */
export function ListFilters({
  place,
  onGo,
}: {
  place: ListPlace;
  onGo(params: Record<string, string>): void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(place.search);
  const here = { tab: place.tab, q: place.search, kind: place.kind };
  return (
    <div style={{ padding: "12px" }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onGo(placeParams(place, { ...here, q: query }));
        }}
      >
        <InlineStack gap="200" blockAlign="end">
          <div style={{ flexGrow: 1 }}>
            <TextField
              label={t("list.search.label")}
              labelHidden
              placeholder={t("list.search.placeholder")}
              value={query}
              onChange={setQuery}
              autoComplete="off"
            />
          </div>
          <Button submit>{t("list.search.submit")}</Button>
          <Button
            pressed={place.notPrinted}
            onClick={() => onGo(placeParams(place, { ...here, printed: !place.notPrinted }))}
          >
            {t("list.notPrinted")}
          </Button>
          <div style={{ minWidth: "11rem" }}>
            <Select
              label={t("list.codRisk.filter")}
              labelInline
              options={[
                { label: t("list.codRisk.any"), value: "" },
                { label: t("list.codRisk.mediumUp"), value: "medium" },
                { label: t("list.codRisk.highOnly"), value: "high" },
              ]}
              value={place.risk ?? ""}
              onChange={(value) => onGo(placeParams(place, { ...here, risk: value }))}
            />
          </div>
        </InlineStack>
      </form>
    </div>
  );
}
