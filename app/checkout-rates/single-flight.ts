const inflight = new Map<string, Promise<unknown>>();

/**
 * One piece of work per key at a time in this process: later identical requests wait for the
 * first one's answer (a checkout's rates call, a shop's Shopify locations) instead of asking again.
 */
export function shared<T>(key: string, work: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = work().finally(() => inflight.delete(key));
  inflight.set(key, started);
  return started;
}
