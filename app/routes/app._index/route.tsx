import {
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "@remix-run/react";
import { useLiveWhile } from "../../components/useLiveWhile";
import {
  Banner,
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  InlineStack,
  Page,
  ProgressBar,
  Select,
  Text,
  TextField,
  useBreakpoints,
} from "@shopify/polaris";
import { EmptyList } from "../../components/list/EmptyList";
import { ShipmentsTable, type BulkIntent } from "../../components/list/ShipmentsTable";
import { ListTabs } from "../../components/list/ListTabs";
import { useCallback, useMemo, useState } from "react";
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
  const [query, setQuery] = useState(data.search);
  const [bulk, setBulk] = useState<{
    intent: string;
    done: number;
    total: number;
    failures: string[];
  } | null>(null);

  const { revalidate } = useRevalidator();
  // A tab, search or page asked for shows its loading state at once.
  const loadingList = useNavigation().state === "loading";

  const { rows } = data;
  const runBulk = useCallback(
    async (intent: BulkIntent, ids: string[]) => {
      setBulk({ intent, done: 0, total: ids.length, failures: [] });
      const failures: string[] = [];
      for (let i = 0; i < ids.length; i += 10) {
        const form = new FormData();
        form.set("intent", intent);
        for (const id of ids.slice(i, i + 10)) form.append("id", id);
        const response = await fetch(
          `${window.location.pathname}?index${window.location.search.replace(/^\?/, "&")}`,
          { method: "POST", body: form, headers: { accept: "application/json" } },
        );
        const result = (await response.json().catch(() => null)) as {
          results?: { id: string; ok: boolean; message: string }[];
        } | null;
        for (const r of result?.results ?? [])
          if (!r.ok)
            failures.push(`${rows.find((x) => x.id === r.id)?.orderName ?? r.id}: ${r.message}`);
        setBulk({
          intent,
          done: Math.min(ids.length, i + 10),
          total: ids.length,
          failures: [...failures],
        });
      }
      // The list as it is now, in the same tab, search and filter.
      revalidate();
    },
    [rows, revalidate],
  );
  const printLabels = useCallback(
    (ids: string[]) => navigate(`/app/labels?ids=${ids.join(",")}`),
    [navigate],
  );

  const setupNeeded = !data.setup.apiKey || !data.setup.pickup;
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
      { content: t("nav.settings"), onAction: () => navigate("/app/settings") },
      { content: t("nav.failed"), onAction: () => navigate("/app/failed") },
    ],
    [t, importing, startImport, navigate],
  );
  // The list's place: tab, search, kind of problem and filters, kept across pages.
  const placeOf = (at: {
    tab: Tab;
    q: string;
    kind: string | null;
    printed?: boolean;
    risk?: string | null;
  }) => {
    const risk = at.risk === undefined ? data.risk : at.risk;
    return {
      tab: at.tab,
      ...(at.q ? { q: at.q } : {}),
      ...(at.kind ? { kind: at.kind } : {}),
      ...((at.printed ?? data.notPrinted) ? { printed: "no" } : {}),
      ...(risk ? { risk } : {}),
    };
  };
  const place = placeOf({ tab: data.tab, q: data.search, kind: data.kind });
  const chosenKind = data.kinds.find((k) => k.kind === data.kind);
  const filtered =
    data.tab !== "all" || Boolean(data.search) || data.notPrinted || data.risk !== null;
  // The same function between renders: the tab strip is not redrawn when rows are ticked.
  const { search, notPrinted, risk } = data;
  const chooseTab = useCallback(
    (tab: Tab) =>
      setParams({
        tab,
        ...(search ? { q: search } : {}),
        ...(notPrinted ? { printed: "no" } : {}),
        ...(risk ? { risk } : {}),
      }),
    [setParams, search, notPrinted, risk],
  );
  // Phone widths: the table becomes a list, each row one block (ShipmentRow).
  const condensed = useBreakpoints().smDown;
  return (
    <Page fullWidth title={t("nav.shipments")} secondaryActions={headerActions}>
      <BlockStack gap="400">
        {data.lastImport && (
          <Banner
            tone={
              data.lastImport.status === "failed"
                ? "critical"
                : data.lastImport.status === "done"
                  ? "success"
                  : "info"
            }
            title={
              importing
                ? t("list.import.running")
                : data.lastImport.status === "done"
                  ? t("list.import.done")
                  : t("list.import.stopped")
            }
          >
            <p>
              {t("list.import.counts", {
                seen: data.lastImport.seen,
                since: data.lastImport.since,
                created: data.lastImport.created,
              })}
              {data.lastImport.error ? `: ${data.lastImport.error}` : ""}
            </p>
            {importing && (
              <ProgressBar progress={Math.min(95, data.lastImport.pages * 10)} size="small" />
            )}
          </Banner>
        )}
        {setupNeeded && (
          <Banner
            tone="warning"
            title={t("list.setup.title")}
            action={{ content: t("list.setup.open"), onAction: () => navigate("/app/settings") }}
          >
            <p>
              {[
                data.setup.apiKey ? null : t("list.setup.apiKey"),
                data.setup.pickup ? null : t("list.setup.pickup"),
              ]
                .filter(Boolean)
                .join(" ")}
            </p>
          </Banner>
        )}
        {bulk && (
          <Card>
            <BlockStack gap="200">
              <Text as="p">
                {t(`list.bulk.${bulk.intent}` as "list.bulk.confirm", {
                  done: bulk.done,
                  count: bulk.total,
                })}
                {bulk.done === bulk.total
                  ? t("list.bulk.queued", { count: bulk.total - bulk.failures.length })
                  : ""}
              </Text>
              <ProgressBar
                progress={bulk.total ? (bulk.done / bulk.total) * 100 : 100}
                size="small"
              />
              {bulk.failures.map((f) => (
                <Text as="p" tone="critical" key={f}>
                  {f}
                </Text>
              ))}
            </BlockStack>
          </Card>
        )}
        <Card padding="0">
          <ListTabs
            tab={data.tab}
            counts={data.counts}
            condensed={condensed}
            onChoose={chooseTab}
          />
          <div style={{ padding: "12px" }}>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                setParams(placeOf({ tab: data.tab, q: query, kind: data.kind }));
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
                  pressed={data.notPrinted}
                  onClick={() =>
                    setParams(
                      placeOf({
                        tab: data.tab,
                        q: data.search,
                        kind: data.kind,
                        printed: !data.notPrinted,
                      }),
                    )
                  }
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
                    value={data.risk ?? ""}
                    onChange={(value) =>
                      setParams(
                        placeOf({ tab: data.tab, q: data.search, kind: data.kind, risk: value }),
                      )
                    }
                  />
                </div>
              </InlineStack>
            </form>
          </div>
          {data.tab === "attention" && data.kinds.length > 0 && (
            <div style={{ padding: "0 12px 12px" }}>
              <BlockStack gap="200">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="span" variant="bodySm" tone="subdued">
                    {t("list.kinds.title")}
                  </Text>
                  <ButtonGroup variant="segmented">
                    <Button
                      size="slim"
                      pressed={!data.kind}
                      onClick={() =>
                        setParams(placeOf({ tab: "attention", q: data.search, kind: null }))
                      }
                    >
                      {t("list.kinds.every", { count: data.counts.attention })}
                    </Button>
                    {data.kinds.map((k) => (
                      <Button
                        key={k.kind}
                        size="slim"
                        pressed={data.kind === k.kind}
                        onClick={() =>
                          setParams(placeOf({ tab: "attention", q: data.search, kind: k.kind }))
                        }
                      >
                        {t("list.kinds.one", { label: k.label, count: k.count })}
                      </Button>
                    ))}
                  </ButtonGroup>
                </InlineStack>
                {chosenKind && (
                  <Text as="p" variant="bodySm" tone="subdued">
                    {chosenKind.hint}
                  </Text>
                )}
              </BlockStack>
            </div>
          )}
          <ShipmentsTable
            rows={data.rows}
            condensed={condensed}
            loading={loadingList}
            emptyState={
              <EmptyList
                anyShipment={data.counts.all > 0}
                filtered={filtered}
                search={data.search}
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
