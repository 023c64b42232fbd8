import type { Tab } from "../../shipments/tabs";

/** Where the merchant is in the list: tab, search, kind of problem and filters. */
export interface ListPlace {
  tab: Tab;
  search: string;
  kind: string | null;
  notPrinted: boolean;
  risk: string | null;
}

/**
 * The list's address for a place reached from `current`: what is not named is kept (the
 * not-printed filter and the COD-risk filter), so filters hold across tabs, searches and pages.
 */
export function placeParams(
  current: Pick<ListPlace, "notPrinted" | "risk">,
  at: { tab: Tab; q: string; kind: string | null; printed?: boolean; risk?: string | null },
): Record<string, string> {
  const risk = at.risk === undefined ? current.risk : at.risk;
  return {
    tab: at.tab,
    ...(at.q ? { q: at.q } : {}),
    ...(at.kind ? { kind: at.kind } : {}),
    ...((at.printed ?? current.notPrinted) ? { printed: "no" } : {}),
    ...(risk ? { risk } : {}),
  };
}
