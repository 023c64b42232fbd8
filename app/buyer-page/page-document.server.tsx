import { renderToStaticMarkup } from "react-dom/server";
import type { TFunction } from "i18next";
import { documentResponse } from "../platform/page-document.server";
import { BuyerPage, type BuyerPageView } from "./BuyerPage";

/**
 * The buyer's page as a whole HTML document, answered as text/html (Shopify's app proxy passes it
 * through as it is; application/liquid would have the shop's theme run what a buyer typed as
 * Liquid). The link's token is in the address, so nothing on it sends a Referer; it is never
 * cached, never indexed, never framed, and runs no script (../platform/page-document.server.ts).
 */
export function buyerPageResponse(
  view: BuyerPageView,
  t: TFunction,
  title: string,
  status = 200,
): Response {
  return documentResponse(
    renderToStaticMarkup(<BuyerPage view={view} t={t} />),
    title,
    "id",
    status,
  );
}
