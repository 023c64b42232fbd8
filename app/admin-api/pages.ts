import {
  adminRequest,
  type AdminAnswer,
  type AdminDocument,
  type AdminGraphql,
  type AdminVariables,
} from "./request";

/**
 * A connection read whole, page after page. Shopify prices a query before running it and refuses
 * one over 1,000 points (./query-cost.ts), so the app's documents ask for small first pages, which
 * an ordinary order fits in, and read the rest with a follow-up document per connection. Nothing
 * is ever left unread: a connection that says it has more is followed to its end.
 */
export interface Page<N> {
  pageInfo?: { hasNextPage: boolean; endCursor?: string | null } | null;
  nodes: readonly N[];
}

/** More pages than any order has (25,000 items, Shopify's own limit, at the smallest page of ten). */
const MAX_PAGES = 2_500;

/**
 * Every node of a connection: the first page's, then those `next` reads after each cursor. `next`
 * answering nothing (the order is gone meanwhile) is an error, never a shorter list.
 */
export async function allNodes<N>(
  first: Page<N>,
  next: (after: string) => Promise<Page<N> | null | undefined>,
): Promise<N[]> {
  const nodes = [...first.nodes];
  let page: Page<N> = first;
  for (let pages = 1; page.pageInfo?.hasNextPage; pages++) {
    const after = page.pageInfo.endCursor;
    if (!after)
      throw new Error("Shopify's connection says it has more but gives no cursor to read it");
    if (pages >= MAX_PAGES) throw new Error(`Shopify's connection goes on past ${MAX_PAGES} pages`);
    const more = await next(after);
    if (!more) throw new Error("what was being read in pages is gone from Shopify");
    nodes.push(...more.nodes);
    page = more;
  }
  return nodes;
}

/**
 * The shop's connections read to their end through the app's follow-up documents: `first` is the
 * page an answer carried, `document` reads the next one with `variables` and the cursor
 * (`after`), and `pick` takes the connection out of its answer.
 */
export function pagesOf(graphql: AdminGraphql, shop: string) {
  return <D extends AdminDocument, N>(
    first: Page<N>,
    document: D,
    variables: Omit<AdminVariables<D>, "after">,
    pick: (data: AdminAnswer<D>) => Page<N> | null | undefined,
  ): Promise<N[]> =>
    allNodes(first, async (after) =>
      pick(
        await adminRequest(graphql, shop, document, {
          ...variables,
          after,
        } as AdminVariables<D>),
      ),
    );
}

/** A whole connection as a single page (what the code that reads the answer expects). */
export const whole = <N>(nodes: N[]) => ({
  pageInfo: { hasNextPage: false, endCursor: null },
  nodes,
});
