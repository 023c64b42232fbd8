import { logger } from "./logger.server";

/**
 * A CSV file sent as it is made: its first line, then each chunk of lines as the source yields it
 * (a page of rows read from the database), the event loop free between chunks so other requests
 * go on meanwhile, and nothing kept once sent. The slot (one download per shop at a time) is
 * renewed with each chunk and given back at the end, on a failure and when the reader goes away.
 * A failure after the first line cannot change the status any more: the file ends there and the
 * failure is logged.
 */
export function csvDownload(options: {
  fileName: string;
  header: string;
  chunks: AsyncIterable<string>;
  slot: { renew(): Promise<void>; release(): Promise<void> };
}): Response {
  const { slot } = options;
  const encoder = new TextEncoder();
  const source = options.chunks[Symbol.asyncIterator]();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await slot.release();
  };
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        controller.enqueue(encoder.encode(options.header));
        return;
      }
      try {
        await new Promise((turn) => setImmediate(turn));
        const next = await source.next();
        if (next.done) {
          controller.close();
          await release();
          return;
        }
        await slot.renew();
        controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logger.error({ err: (error as Error).message, file: options.fileName }, "CSV cut short");
        controller.error(error);
        await release();
      }
    },
    async cancel() {
      await source.return?.();
      await release();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${options.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The chunks of an async source, each turned into lines. */
export async function* linesOf<T>(
  pages: AsyncIterable<T>,
  write: (page: T) => string,
): AsyncGenerator<string> {
  for await (const page of pages) yield write(page);
}
