import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  Link,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "@remix-run/react";
import { BulkQuestion, type BulkAsked } from "../components/list/BulkQuestion";
import { useLiveWhile } from "../components/useLiveWhile";
import {
  Banner,
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  IndexTable,
  InlineStack,
  Link as PolarisLink,
  Page,
  ProgressBar,
  Tabs,
  Text,
  TextField,
  useIndexResourceState,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { wordsFor } from "../i18n/i18n.server";
import { actionDeps } from "../shipments/action-deps.server";
import { StatusBadge } from "../components/StatusBadge";
import { db } from "../db/index.server";
import { importErrorText, latestImport } from "../orders/imports.server";
import {
  ShipmentActionError,
  cancel,
  confirm,
  importOpenOrders,
  retry,
} from "../shipments/actions.server";
import {
  countByProblemKind,
  countByTab,
  decodeCursor,
  listShipments,
} from "../shipments/list.server";
import {
  PROBLEM_KINDS,
  isProblemKind,
  problemKindWords,
  type ProblemKind,
} from "../shipments/problem-kinds";
import { listRowWords } from "../shipments/list-rows";
import { TABS, type Tab } from "../shipments/tabs";
import { authenticate } from "../shopify.server";
import { speechFor } from "../shops/speech.server";
import { getShop } from "../shops/shops.server";
import { parseShopSettings } from "../shops/settings";
import { dayOf } from "../shipments/wording";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const url = new URL(request.url);
  const tab = (TABS as readonly string[]).includes(url.searchParams.get("tab") ?? "")
    ? (url.searchParams.get("tab") as Tab)
    : "all";
  const search = url.searchParams.get("q") ?? "";
  // The kind of problem filters the "needs attention" tab only.
  const kindParam = url.searchParams.get("kind");
  const kind = tab === "attention" && isProblemKind(kindParam) ? kindParam : null;
  const notPrinted = url.searchParams.get("printed") === "no";
  const [shop, counts, kindCounts, page, lastImport] = await Promise.all([
    getShop(db, session.shop),
    countByTab(db, session.shop),
    tab === "attention"
      ? countByProblemKind(db, session.shop)
      : Promise.resolve<Partial<Record<ProblemKind, number>>>({}),
    listShipments(db, session.shop, {
      tab,
      problemKind: kind,
      notPrinted,
      search,
      after: decodeCursor(url.searchParams.get("after")),
      limit: 50,
    }),
    latestImport(db, session.shop),
  ]);
  const settings = parseShopSettings(shop?.settings);
  const speech = await speechFor(request, session.shop);
  const { t } = speech;
  const now = new Date();
  return {
    tab,
    search,
    counts,
    kind,
    notPrinted,
    // The kinds this shop has now, in the filter's order, with their words.
    kinds: PROBLEM_KINDS.flatMap((k) =>
      kindCounts[k] ? [{ kind: k, count: kindCounts[k], ...problemKindWords(k, t) }] : [],
    ),
    next: page.next,
    // Words, not codes: every status, amount and time is written here, in the reader's locale.
    rows: listRowWords(page.rows, speech, now, { drafting: settings.autoCreateDrafts }),
    setup: { apiKey: Boolean(shop?.shippingApiKeyEncrypted), pickup: settings.pickup !== null },
    lastImport: lastImport
      ? {
          status: lastImport.status,
          pages: lastImport.pages,
          seen: lastImport.seen,
          created: lastImport.created,
          error: lastImport.error ? importErrorText(lastImport.error, t) : null,
          since: dayOf(lastImport.since, speech),
        }
      : null,
  };
};

/** Bulk actions: a batch of ids per request (the page sends batches and shows progress). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { t } = await wordsFor(request);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (intent === "import") {
    await importOpenOrders(actionDeps(), session.shop);
    return { results: [], error: null };
  }
  const ids = form.getAll("id").map(String).slice(0, 50);
  const run = { confirm, cancel, retry }[intent as "confirm" | "cancel" | "retry"];
  if (!run) return { results: [], error: t("list.unknownAction") };
  const results = [];
  for (const id of ids) {
    try {
      await run(actionDeps(), session.shop, id);
      results.push({ id, ok: true, message: "queued" });
    } catch (error) {
      if (!(error instanceof ShipmentActionError)) throw error;
      results.push({ id, ok: false, message: error.describe(t) });
    }
  }
  return { results, error: null };
};

export default function Shipments() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [query, setQuery] = useState(data.search);
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(data.rows);
  const [bulk, setBulk] = useState<{
    intent: string;
    done: number;
    total: number;
    failures: string[];
  } | null>(null);

  const revalidator = useRevalidator();
  // A tab, search or page asked for shows its loading state at once.
  const loadingList = useNavigation().state === "loading";
  const [asking, setAsking] = useState<BulkAsked | null>(null);
  const selectedRows = data.rows.filter((r) => selectedResources.includes(r.id));

  async function runBulk(intent: string) {
    // Only the shipments the action can succeed on (the question said which are left as they are).
    const ids =
      intent === "confirm" || intent === "cancel"
        ? selectedRows.filter((r) => r.actions.includes(intent)).map((r) => r.id)
        : [...selectedResources];
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
          failures.push(`${data.rows.find((x) => x.id === r.id)?.orderName ?? r.id}: ${r.message}`);
      setBulk({
        intent,
        done: Math.min(ids.length, i + 10),
        total: ids.length,
        failures: [...failures],
      });
    }
    clearSelection();
    // The list as it is now, in the same tab, search and filter.
    revalidator.revalidate();
  }

  const setupNeeded = !data.setup.apiKey || !data.setup.pickup;
  const importing = data.lastImport?.status === "running";
  // Follow a running import, drafts being made and waybills to come, without a reload.
  useLiveWhile(importing || data.rows.some((r) => r.inFlight));
  async function startImport() {
    const form = new FormData();
    form.set("intent", "import");
    await fetch(`${window.location.pathname}?index`, {
      method: "POST",
      body: form,
      headers: { accept: "application/json" },
    });
    revalidator.revalidate();
  }
  const tabIndex = TABS.indexOf(data.tab);
  // The list's place: tab, search and kind of problem, kept across pages.
  const placeOf = (at: { tab: Tab; q: string; kind: string | null; printed?: boolean }) => ({
    tab: at.tab,
    ...(at.q ? { q: at.q } : {}),
    ...(at.kind ? { kind: at.kind } : {}),
    ...((at.printed ?? data.notPrinted) ? { printed: "no" } : {}),
  });
  const place = placeOf({ tab: data.tab, q: data.search, kind: data.kind });
  const chosenKind = data.kinds.find((k) => k.kind === data.kind);
  return (
    <Page
      fullWidth
      title={t("nav.shipments")}
      secondaryActions={[
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
      ]}
    >
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
          <Tabs
            tabs={TABS.map((tab) => ({
              id: tab,
              content: t(`list.tabs.${tab}`, { count: data.counts[tab] }),
            }))}
            selected={tabIndex < 0 ? 0 : tabIndex}
            onSelect={(i) =>
              setParams(placeOf({ tab: TABS[i] ?? "all", q: data.search, kind: null }))
            }
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
          <BulkQuestion
            asking={asking}
            rows={selectedRows}
            onClose={() => setAsking(null)}
            onConfirm={(intent) => {
              setAsking(null);
              void runBulk(intent);
            }}
          />
          <IndexTable
            loading={loadingList}
            resourceName={{
              singular: t("list.resource.singular"),
              plural: t("list.resource.plural"),
            }}
            itemCount={data.rows.length}
            selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
            onSelectionChange={handleSelectionChange}
            promotedBulkActions={[
              // Booking and cancelling ask first (BulkQuestion); printing changes nothing.
              { content: t("list.actions.confirm"), onAction: () => setAsking("confirm") },
              {
                content: t("list.actions.print"),
                onAction: () => navigate(`/app/labels?ids=${selectedResources.join(",")}`),
              },
              { content: t("list.actions.cancel"), onAction: () => setAsking("cancel") },
            ]}
            bulkActions={[
              { content: t("list.actions.retry"), onAction: () => void runBulk("retry") },
            ]}
            headings={[
              { title: t("list.columns.order") },
              { title: t("list.columns.status") },
              { title: t("list.columns.customer") },
              { title: t("list.columns.route") },
              { title: t("list.columns.courier") },
              { title: t("list.columns.price") },
              { title: t("list.columns.waybill") },
              { title: t("list.columns.updated") },
              { title: t("list.columns.note") },
            ]}
          >
            {data.rows.map((row, index) => (
              <IndexTable.Row
                id={row.id}
                key={row.id}
                position={index}
                selected={selectedResources.includes(row.id)}
              >
                <IndexTable.Cell>
                  <Link to={`/app/shipments/${row.id}`}>{row.orderName}</Link>
                  {row.attempt > 1 ? ` ${t("list.attempt", { attempt: row.attempt })}` : ""}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge label={row.status.label} group={row.status.group} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {/* Who receives it, and below it how they pay: COD with its amount, or nothing at the door. */}
                  <BlockStack gap="0">
                    <Text as="span">{row.customer ?? "—"}</Text>
                    <Text as="span" variant="bodySm" tone="subdued">
                      {row.payment}
                    </Text>
                  </BlockStack>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {/* Where it goes, and below it the pickup location it leaves from (once drafted). */}
                  <BlockStack gap="0">
                    <Text as="span">{row.destination ?? "—"}</Text>
                    {row.origin && (
                      <Text as="span" variant="bodySm" tone="subdued">
                        {t("list.from", { origin: row.origin })}
                      </Text>
                    )}
                  </BlockStack>
                </IndexTable.Cell>
                <IndexTable.Cell>{row.status.courier ?? "—"}</IndexTable.Cell>
                <IndexTable.Cell>{row.status.price ?? "—"}</IndexTable.Cell>
                <IndexTable.Cell>
                  {row.waybill ? (
                    row.trackingUrl ? (
                      <PolarisLink url={row.trackingUrl} target="_blank" removeUnderline>
                        {row.waybill}
                      </PolarisLink>
                    ) : (
                      row.waybill
                    )
                  ) : (
                    "—"
                  )}
                  {row.waybill && (
                    <div>
                      <Text as="span" variant="bodySm" tone="subdued">
                        {row.printed ? (
                          <span title={row.printed.exact}>
                            {t("list.printed", { when: row.printed.relative })}
                          </span>
                        ) : (
                          t("list.notPrintedLabel")
                        )}
                      </Text>
                    </div>
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <span title={row.updated.exact}>{row.updated.relative}</span>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <div style={{ maxWidth: "22rem", whiteSpace: "normal" }}>
                    <Text as="span" tone={row.isProblem ? "critical" : "subdued"}>
                      {row.note ?? ""}
                    </Text>
                    {row.whatsapp && (
                      <div>
                        <PolarisLink url={row.whatsapp} target="_blank">
                          {t("common.whatsapp")}
                        </PolarisLink>
                      </div>
                    )}
                  </div>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
          <div style={{ padding: "12px" }}>
            <InlineStack gap="200">
              {params.get("after") && (
                <Button onClick={() => setParams(place)}>{t("list.firstPage")}</Button>
              )}
              {data.next && (
                <Button onClick={() => setParams({ ...place, after: data.next! })}>
                  {t("list.nextPage")}
                </Button>
              )}
            </InlineStack>
          </div>
        </Card>
      </BlockStack>
    </Page>
  );
}
