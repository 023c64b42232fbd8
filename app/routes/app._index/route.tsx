import {
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "@remix-run/react";
import { useLiveWhile } from "../../ui/useLiveWhile";
import { Banner, BlockStack, Card, Page, useBreakpoints } from "@shopify/polaris";
import { useCsvDownload } from "../../ui/useCsvDownload";
import { EmptyList } from "../../components/list/EmptyList";
import { ShipmentsTable } from "../../components/list/ShipmentsTable";
import { ListTabs } from "../../components/list/ListTabs";
import { ImportBanner } from "../../components/list/ImportBanner";
import { SetupBanner } from "../../components/list/SetupBanner";
import { SetupGuide } from "../../components/list/SetupGuide";
import type { SetupStep } from "../../shops/setup-guide";
import { BulkProgress } from "../../components/list/BulkProgress";
import { useBulkRun } from "../../components/list/useBulkRun";
import { ListFilters } from "../../components/list/ListFilters";
import { ProblemKinds } from "../../components/list/ProblemKinds";
import { placeParams, type ListPlace } from "../../components/list/list-place";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type Tab } from "../../shipments/tabs";
import type { loader } from "./loader.server";
import { pageTitle } from "../../i18n/page-title";
import listStyles from "./list.css?url";

export const meta = pageTitle((t) => t("nav.shipments"));
export const links = () => [{ rel: "stylesheet", href: listStyles }];

export { loader } from "./loader.server";
export { action } from "./action.server";

export default function Shipments() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  // A tab, search or page asked for shows its loading state at once.
  const loadingList = useNavigation().state === "loading";
  const { bulk, runBulk } = useBulkRun(data.rows);
  const printLabels = useCallback(
    (ids: string[]) => navigate(`/app/labels?ids=${ids.join(",")}`),
    [navigate],
  );

  // What shipments cannot be made without: the key and a pickup location.
  const stepDone = (id: SetupStep) => data.setup.steps.some((s) => s.id === id && s.done);
  const essentials = { apiKey: stepDone("api-key"), pickup: stepDone("pickup") };
  const setupNeeded = !essentials.apiKey || !essentials.pickup;
  const importing = data.lastImport?.status === "running";
  // Follow a running import, drafts being made and waybills to come, without a reload.
  useLiveWhile(importing || data.rows.some((r) => r.inFlight));
  const startImport = useCallback(async () => {
    const form = new FormData();
    form.set("intent", "import");
    await fetch(`${window.location.pathname}?index`, {
      method: "POST",
      body: form,
      headers: { accept: "application/json" },
    });
    revalidate();
  }, [revalidate]);
  // The list's place: tab, search, kind of problem and filters, kept across pages.
  const { tab, search, kind, notPrinted, risk } = data;
  const current: ListPlace = { tab, search, kind, notPrinted, risk };
  const place = placeParams(current, { tab, q: search, kind });
  // The shipments this tab, search and filters show, as CSV for the bookkeeper.
  const csv = useCsvDownload(
    `/app/shipments.csv?${new URLSearchParams(place).toString()}`,
    t("list.export.fileName"),
  );
  const exportCsv = csv.download;
  // The same actions between renders (a live list revalidates often): Polaris measures the
  // header's actions again, laying the page out, whenever they change.
  const headerActions = useMemo(
    () => [
      {
        content: t("list.import.action"),
        disabled: importing,
        helpText: t("list.import.help"),
        onAction: () => void startImport(),
      },
      {
        content: t("list.printToday"),
        helpText: t("list.printTodayHelp"),
        onAction: () => navigate("/app/labels?pending=today"),
      },
      {
        content: t("list.export.action"),
        helpText: t("list.export.help"),
        onAction: () => void exportCsv(),
      },
      { content: t("nav.settings"), onAction: () => navigate("/app/settings") },
      { content: t("nav.failed"), onAction: () => navigate("/app/failed") },
    ],
    [t, importing, startImport, navigate, exportCsv],
  );
  const filtered = tab !== "all" || Boolean(search) || notPrinted || risk !== null;
  // The same function between renders: the tab strip is not redrawn when rows are ticked.
  const chooseTab = useCallback(
    (tab: Tab) => setParams(placeParams({ notPrinted, risk }, { tab, q: search, kind: null })),
    [setParams, search, notPrinted, risk],
  );
  // Phone widths: the table becomes a list, each row one block (ShipmentRow).
  const condensed = useBreakpoints().smDown;
  return (
    <Page fullWidth title={t("nav.shipments")} secondaryActions={headerActions}>
      <BlockStack gap="400">
        {data.lastImport && <ImportBanner state={data.lastImport} />}
        {data.setup.show ? (
          <SetupGuide guide={data.setup} />
        ) : (
          setupNeeded && <SetupBanner setup={essentials} />
        )}
        {bulk && <BulkProgress bulk={bulk} />}
        {csv.failedWith !== null && (
          <Banner tone={csv.failedWith === 429 ? "warning" : "critical"}>
            {csv.failedWith === 429 ? t("csv.busy") : t("list.export.failed")}
          </Banner>
        )}
        <Card padding="0">
          <ListTabs tab={tab} counts={data.counts} condensed={condensed} onChoose={chooseTab} />
          <ListFilters place={current} onGo={setParams} />
          {tab === "attention" && data.kinds.length > 0 && (
            <ProblemKinds
              kinds={data.kinds}
              place={current}
              attention={data.counts.attention}
              onGo={setParams}
            />
          )}
          <ShipmentsTable
            rows={data.rows}
            condensed={condensed}
            loading={loadingList}
            emptyState={
              <EmptyList
                anyShipment={data.counts.all > 0}
                filtered={filtered}
                search={search}
                setupNeeded={setupNeeded}
                drafting={data.drafting}
                autoConfirm={data.autoConfirm}
                onImport={() => void startImport()}
                onShowAll={() => setParams({ tab: "all" })}
              />
            }
            pagination={
              data.prev || data.next
                ? {
                    hasPrevious: Boolean(data.prev),
                    onPrevious: () => setParams({ ...place, before: data.prev! }),
                    previousTooltip: t("list.previousPage"),
                    hasNext: Boolean(data.next),
                    onNext: () => setParams({ ...place, after: data.next! }),
                    nextTooltip: t("list.nextPage"),
                    accessibilityLabels: {
                      previous: t("list.previousPage"),
                      next: t("list.nextPage"),
                    },
                    label: t("list.pageLabel"),
                  }
                : undefined
            }
            onBulk={runBulk}
            onPrint={printLabels}
          />
        </Card>
      </BlockStack>
    </Page>
  );
}
