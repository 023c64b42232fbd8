import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo } from "react";

/**
 * What a bulk modal reads about the shipments ticked (`path?id=…&id=…`, a resource route), read
 * each time it opens; undefined while it loads, so an old answer is never shown for a new
 * selection.
 */
export function useLoadedWhenOpen<T>(path: string, ids: readonly string[], open: boolean) {
  const fetcher = useFetcher<T>();
  const { load } = fetcher;
  const query = useMemo(() => new URLSearchParams(ids.map((id) => ["id", id])).toString(), [ids]);
  useEffect(() => {
    if (open) load(`${path}?${query}`);
  }, [open, path, query, load]);
  return fetcher.state === "idle" ? (fetcher.data as T | undefined) : undefined;
}
