import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import {
  addressFormProblems,
  buyerPageState,
  cancelFromPage,
  confirmFromPage,
  fixAddressFromPage,
  searchAreasForBuyer,
  type AddressForm,
  type BuyerPageDeps,
  type BuyerPageState,
} from "../buyer-page/buyer-page.server";
import type { BuyerPageView } from "../buyer-page/BuyerPage";
import { buyerPageResponse } from "../buyer-page/page-document.server";
import { i18nIn } from "../i18n/instance";
import { getEnv } from "../platform/env.server";
import { formatMoney } from "../platform/intl-format";
import { logger } from "../platform/logger.server";
import { ShipmentActionError } from "../shipments/actions.server";
import { actionDeps } from "../shipments/action-deps.server";
import { exactTime } from "../shipments/status-words";
import { shopTimeZone } from "../shops/time-zone.server";
import { authenticate } from "../shopify.server";

/**
 * /proxy/k/:token: a held COD order's page for its buyer, on the shop's own domain through
 * Shopify's app proxy (`https://<shop>/apps/parcelbridge/k/<token>`, shopify.app.toml's
 * [app_proxy]). Every request is Shopify's, verified by its app-proxy signature (the Remix
 * package's `authenticate.public.appProxy`: a bad one answers 400); the shop is the one Shopify
 * names. Always in Indonesian: the page is the buyer's. app/buyer-page/ does the rest.
 */

const { t } = i18nIn("id");

function deps(): BuyerPageDeps {
  return {
    ...actionDeps(),
    adminGraphql: shopifyAdminGraphql,
    appSecret: getEnv().SHOPIFY_API_SECRET,
  };
}

async function shopOf(request: Request): Promise<string> {
  await authenticate.public.appProxy(request);
  return new URL(request.url).searchParams.get("shop") ?? "";
}

const EMPTY_FORM: AddressForm = { areaId: "", street: "", number: "", rt: "", rw: "", note: "" };

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const shop = await shopOf(request);
  const d = deps();
  const state = await buyerPageState(d, shop, params.token ?? "");
  return answer(d, shop, state);
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const shop = await shopOf(request);
  const d = deps();
  const state = await buyerPageState(d, shop, params.token ?? "");
  if (state.kind !== "open") return answer(d, shop, state);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 200);
  const intent = text("intent");
  const order = state.order.orderName;
  const cod = codWords(state);
  try {
    if (intent === "confirm") {
      await confirmFromPage(d, state.shipment);
      return message(t("buyerPage.doneConfirmed", { order, cod: cod ?? "" }), "done", order);
    }
    if (intent === "cancel-ask") return open(state, { askCancel: true });
    if (intent === "cancel") {
      const done = await cancelFromPage(d, state.shipment, t);
      return message(
        t(done === "cancelled" ? "buyerPage.doneCancelled" : "buyerPage.doneCancelAsked", {
          order,
        }),
        "done",
        order,
      );
    }
    const address: AddressForm = {
      areaId: text("areaId"),
      street: text("street"),
      number: text("number"),
      rt: text("rt"),
      rw: text("rw"),
      note: text("note"),
    };
    if (intent === "fix") {
      const problems = addressFormProblems(address);
      if (problems.length === 0) {
        const written = await fixAddressFromPage(d, state.shipment, address);
        return message(t("buyerPage.doneFixed", { order, address: written }), "done", order);
      }
      // Shown again with its areas, to be corrected.
      const search = await searchWords(d, shop, text("q"));
      return open(state, { search, form: address, problems }, 400);
    }
    return open(state, { search: await searchWords(d, shop, text("q")), form: address });
  } catch (error) {
    if (!(error instanceof ShipmentActionError)) {
      logger.error({ err: error, shop }, "the buyer's answer failed");
      return open(state, { error: t("buyerPage.errorFailed") }, 502);
    }
    // The order changed meanwhile (the merchant decided): said as the page now stands.
    const now = await buyerPageState(d, shop, params.token ?? "");
    if (now.kind !== "open") return answer(d, shop, now);
    return open(now, { error: error.describe(t) }, error.status);
  }
};

async function searchWords(d: BuyerPageDeps, shop: string, q: string) {
  if (!q.trim()) return { q, areas: [], error: null };
  const found = await searchAreasForBuyer(d, shop, q);
  const error =
    found.error === "tooShort"
      ? t("buyerPage.searchTooShort")
      : found.error === "none"
        ? t("buyerPage.searchNone", { q: q.trim() })
        : found.error === "failed"
          ? t("buyerPage.searchFailed")
          : null;
  return { q, areas: found.areas, error };
}

const codWords = (state: Extract<BuyerPageState, { kind: "open" }>) =>
  state.order.cod === null ? null : formatMoney(state.order.cod, "IDR", "id-ID");

function open(
  state: Extract<BuyerPageState, { kind: "open" }>,
  parts: Partial<Omit<Extract<BuyerPageView, { kind: "open" }>, "kind" | "order" | "cod">>,
  status = 200,
): Response {
  const view: BuyerPageView = {
    kind: "open",
    order: state.order,
    cod: codWords(state),
    askCancel: false,
    search: { q: "", areas: [], error: null },
    form: EMPTY_FORM,
    problems: [],
    error: null,
    ...parts,
  };
  return buyerPageResponse(
    view,
    t,
    t("buyerPage.pageTitle", { order: state.order.orderName }),
    status,
  );
}

function message(
  text: string,
  tone: "done" | "info" | "error",
  order: string | null,
  status = 200,
): Response {
  const title = order ? t("buyerPage.pageTitle", { order }) : t("buyerPage.unknown");
  return buyerPageResponse({ kind: "message", title, text, tone }, t, title, status);
}

async function answer(d: BuyerPageDeps, shop: string, state: BuyerPageState): Promise<Response> {
  switch (state.kind) {
    case "unknown":
      return message(t("buyerPage.unknown"), "error", null, 404);
    case "expired":
      return message(t("buyerPage.expired"), "info", null, 410);
    case "closed":
      return message(
        t("buyerPage.closed", { order: state.order.orderName }),
        "info",
        state.order.orderName,
      );
    case "answered": {
      const zone = await shopTimeZone({ db: d.db, graphql: d.adminGraphql }, shop);
      const at = exactTime(state.answer.at, { locale: "id-ID", timeZone: zone });
      const key = usedKeys[state.answer.did];
      return message(t(key, { order: state.order.orderName, at }), "info", state.order.orderName);
    }
    case "open":
      return open(state, {});
  }
}

const usedKeys = {
  confirmed: "buyerPage.usedConfirmed",
  fixed: "buyerPage.usedFixed",
  cancelled: "buyerPage.usedCancelled",
} as const satisfies Record<string, Parameters<TFunction>[0]>;
