import { useCallback, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import type { BulkIntent } from "./ShipmentsTable";

/** A bulk action under way: how many were sent, of how many, and those refused (in words). */
export interface BulkProgressState {
  intent: string;
  done: number;
  total: number;
  failures: string[];
}

/** How many shipments one request of a bulk action carries. */
const BATCH = 10;

/**
 * Runs a bulk action on the ticked shipments, ten to a request to the list's own action, and
 * follows it: each refusal is named by its order; when all are sent the list is read again in the
 * same tab, search and filter.
 */
export function useBulkRun(rows: readonly { id: string; orderName: string | null }[]) {
  const [bulk, setBulk] = useState<BulkProgressState | null>(null);
  const { revalidate } = useRevalidator();
  const runBulk = useCallback(
    async (intent: BulkIntent, ids: string[], fields: Record<string, string> = {}) => {
      setBulk({ intent, done: 0, total: ids.length, failures: [] });
      const failures: string[] = [];
      for (let i = 0; i < ids.length; i += BATCH) {
        const form = new FormData();
        form.set("intent", intent);
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        for (const id of ids.slice(i, i + BATCH)) form.append("id", id);
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
          done: Math.min(ids.length, i + BATCH),
          total: ids.length,
          failures: [...failures],
        });
      }
      revalidate();
    },
    [rows, revalidate],
  );
  return { bulk, runBulk };
}
