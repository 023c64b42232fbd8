import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** The first wait, the longest, and how long a page follows work before leaving it to a reload. */
export const LIVE_FIRST_MS = 1_000;
export const LIVE_LONGEST_MS = 15_000;
export const LIVE_FOR_MS = 5 * 60_000;

/**
 * Keeps a page live while work it shows is in flight (a booking asked for, a waybill to come, a
 * cancellation queued): its loader runs again after 1 s, then 2 s, 4 s … up to 15 s between runs,
 * and stops once nothing is in flight, or after five minutes of it (a reload follows it further).
 * A page with nothing in flight asks nothing.
 */
export function useLiveWhile(inFlight: boolean): void {
  const { revalidate } = useRevalidator();
  const again = useRef(revalidate);
  useEffect(() => {
    again.current = revalidate;
  });
  useEffect(() => {
    if (!inFlight) return;
    const started = Date.now();
    let round = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      if (Date.now() - started > LIVE_FOR_MS) return;
      timer = setTimeout(
        () => {
          round += 1;
          void again.current();
          next();
        },
        Math.min(LIVE_FIRST_MS * 2 ** round, LIVE_LONGEST_MS),
      );
    };
    next();
    return () => clearTimeout(timer);
  }, [inFlight]);
}
