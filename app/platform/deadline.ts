/** The work was not done by its deadline (it goes on; its result, or failure, is dropped here). */
export class Late extends Error {
  override name = "Late";
}

/**
 * `work` if it settles by `at` (epoch ms), else Late with `message`. The work is not cancelled: a
 * late answer can still fill a cache. Its later failure is not left unhandled.
 */
export function byDeadline<T>(
  work: Promise<T>,
  at: number,
  now: () => number = Date.now,
  message = "not done by the deadline",
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Late(message)), Math.max(0, at - now()));
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
