import { useState } from "react";

/** `rows`, each replaced by its namesake in `previous` when their content is the same. */
export function keepUnchanged<Row extends { id: string }>(
  previous: readonly Row[],
  rows: readonly Row[],
): Row[] {
  const before = new Map(previous.map((row) => [row.id, row]));
  return rows.map((row) => {
    const old = before.get(row.id);
    return old && JSON.stringify(old) === JSON.stringify(row) ? old : row;
  });
}

/**
 * The list's rows, each the same object as before when its content has not changed. A live list
 * loads its rows again every few seconds (useLiveWhile) as new objects: without this, every row
 * would be drawn again each time (ShipmentRow is memoised on its row), with only one changed.
 */
export function useStableRows<Row extends { id: string }>(rows: readonly Row[]): readonly Row[] {
  const [kept, setKept] = useState(() => ({ source: rows, rows }));
  if (kept.source === rows) return kept.rows;
  const next = keepUnchanged(kept.rows, rows);
  // Derived from the rows given, adjusted while rendering (React redraws at once, before painting).
  setKept({ source: rows, rows: next });
  return next;
}
