import { isProblemKind, type ProblemKind } from "./problem-kinds";
import { TABS, type Tab } from "./tabs";

/** Where the merchant is in the shipments list: its tab, search, kind of problem and filters. */
export interface ListParams {
  tab: Tab;
  search: string;
  /** The kind of problem; it filters the "needs attention" tab only. */
  kind: ProblemKind | null;
  /** Only booked shipments whose label was never printed. */
  notPrinted: boolean;
  /** COD orders not ended at or above a risk level (medium: medium or high). */
  risk: "medium" | "high" | null;
}

/** The list's place from its address (`?tab=&q=&kind=&printed=no&risk=`): the page's and its CSV's. */
export function listParamsOf(url: URL): ListParams {
  const param = (name: string) => url.searchParams.get(name);
  const tab = (TABS as readonly string[]).includes(param("tab") ?? "")
    ? (param("tab") as Tab)
    : "all";
  const kind = param("kind");
  const risk = param("risk");
  return {
    tab,
    search: param("q") ?? "",
    kind: tab === "attention" && isProblemKind(kind) ? kind : null,
    notPrinted: param("printed") === "no",
    risk: risk === "medium" || risk === "high" ? risk : null,
  };
}
