/**
 * The shipments list's data: the tab, search and filter asked for, the counts per tab and kind of
 * problem, one page of rows in the reader's words, the shop's set-up and its last import. The page
 * is route.tsx; its bulk actions, action.server.ts.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../../db/index.server";
import { importErrorText, latestImport } from "../../orders/imports.server";
import {
  countByProblemKind,
  countByTab,
  decodeCursor,
  listShipments,
} from "../../shipments/list.server";
import { PROBLEM_KINDS, problemKindWords, type ProblemKind } from "../../shipments/problem-kinds";
import { listParamsOf } from "../../shipments/list-params";
import { listRowWords } from "../../shipments/list-rows";
import { riskBadgeWords } from "../../cod-risk/risk-words";
import { authenticate } from "../../shopify.server";
import { speechFor } from "../../shops/speech.server";
import { getShop } from "../../shops/shops.server";
import { parseShopSettings } from "../../shops/settings";
import { setupFactsOf, setupGuide } from "../../shops/setup-guide";
import { dayOf } from "../../shipments/status-words";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const url = new URL(request.url);
  const { tab, search, kind, notPrinted, risk } = listParamsOf(url);
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
      codRisk: risk,
      search,
      after: decodeCursor(url.searchParams.get("after")),
      before: decodeCursor(url.searchParams.get("before")),
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
    risk,
    // The kinds this shop has now, in the filter's order, with their words.
    kinds: PROBLEM_KINDS.flatMap((k) =>
      kindCounts[k] ? [{ kind: k, count: kindCounts[k], ...problemKindWords(k, t) }] : [],
    ),
    next: page.next,
    prev: page.prev,
    // Words, not codes: every status, amount and time is written here, in the reader's locale.
    // Each with its COD risk's badge (a held order's age), from the cod-risk module's words.
    rows: listRowWords(page.rows, speech, now, { drafting: settings.autoCreateDrafts }).map(
      (row, i) => ({ ...row, codRisk: riskBadgeWords(page.rows[i]!, now, speech) }),
    ),
    drafting: settings.autoCreateDrafts,
    autoConfirm: settings.autoConfirm,
    // The first-run guide's steps, from the shop's row alone (no read more).
    setup: setupGuide(setupFactsOf(shop ?? null, settings)),
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
