import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { documentResponse } from "../platform/page-document.server";
import { db } from "../db/index.server";
import { wordsIn } from "../i18n/i18n.server";
import { getEnv } from "../platform/env.server";
import { keptShopName, parseShopSettings } from "../shops/settings";
import { getShop } from "../shops/shops.server";
import { readUnsubscribeToken } from "../summary/unsubscribe-link.server";
import { unsubscribe } from "../summary/send-summary.server";
import { UnsubscribePage, type UnsubscribeView } from "../summary/UnsubscribePage";

/**
 * The daily summary's unsubscribe link (app/summary/unsubscribe-link.server.ts): GET asks (a
 * link opened by a mail scanner changes nothing), POST takes the address off the shop's summary,
 * from the page's button or from a mail client's one-click unsubscribe (RFC 8058). In the
 * summary's language; a link this app did not sign is refused.
 */
async function page(token: string | null, act: boolean): Promise<Response> {
  const read = token ? readUnsubscribeToken(getEnv().SHOPIFY_API_SECRET, token) : null;
  const row = read ? await getShop(db, read.shop) : undefined;
  const settings = row ? parseShopSettings(row.settings) : null;
  const language = settings?.dailySummary.language ?? "id";
  const { t } = wordsIn(language);
  if (!read || !settings) return render({ kind: "bad" }, t, language, 400);
  const shopName = keptShopName(settings, read.shop);
  if (!act)
    return render(
      { kind: "confirm", shop: shopName, email: read.email, token: token! },
      t,
      language,
    );
  await unsubscribe(db, read.shop, read.email);
  return render({ kind: "done", shop: shopName, email: read.email }, t, language);
}

function render(
  view: UnsubscribeView,
  t: ReturnType<typeof wordsIn>["t"],
  language: string,
  status = 200,
) {
  return documentResponse(
    renderToStaticMarkup(<UnsubscribePage view={view} t={t} />),
    t("summary.page.title"),
    language,
    status,
  );
}

export const loader = ({ request }: LoaderFunctionArgs) =>
  page(new URL(request.url).searchParams.get("t"), false);

export const action = async ({ request }: ActionFunctionArgs) => {
  const fromUrl = new URL(request.url).searchParams.get("t");
  const form = await request.formData().catch(() => null);
  const fromForm = form?.get("t");
  return page(typeof fromForm === "string" ? fromForm : fromUrl, true);
};
