import { Select, Tabs } from "@shopify/polaris";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { TABS, type Tab } from "../../shipments/tabs";

/**
 * The list's tabs with their counts; on a phone, one "Show" menu with every tab, none cut off at
 * the side. Memoised: ticking rows does not lay the tab strip out again (Polaris's tabs measure
 * their widths on each render).
 */
export const ListTabs = memo(function ListTabs({
  tab,
  counts,
  condensed,
  onChoose,
}: {
  tab: Tab;
  counts: Record<Tab, number>;
  condensed: boolean;
  onChoose: (tab: Tab) => void;
}) {
  const { t } = useTranslation();
  const index = TABS.indexOf(tab);
  return condensed ? (
    <div style={{ padding: "12px 12px 0" }}>
      <Select
        label={t("list.tabs.choose")}
        options={TABS.map((value) => ({
          value,
          label: t(`list.tabs.${value}`, { count: counts[value] }),
        }))}
        value={tab}
        onChange={(value) => onChoose(value as Tab)}
      />
    </div>
  ) : (
    <Tabs
      tabs={TABS.map((id) => ({ id, content: t(`list.tabs.${id}`, { count: counts[id] }) }))}
      selected={index < 0 ? 0 : index}
      onSelect={(i) => onChoose(TABS[i] ?? "all")}
    />
  );
});
