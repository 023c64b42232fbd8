/**
 * Preloaded (compiled by `compiledScript` in bench/stack.ts, then `node --import`) into the stack's
 * web and worker processes by the cost benchmark: counts every SQL statement the process sends to
 * PostgreSQL (each `pg.Client#query`, BEGIN and COMMIT included) and, on SIGUSR2, writes the count
 * so far to BENCH_SQL_COUNT_FILE (synchronously, so the benchmark reads it a moment later). Without
 * the variable it changes nothing.
 */
import fs from "node:fs";
import pg from "pg";

/**
 * Counts every SQL statement this process sends to PostgreSQL from now on (each
 * `pg.Client#query`), and, given `texts`, each statement's text (its first 120 characters).
 * Returns the count so far. Also used in-process (bench/cod-risk.ts).
 */
export function countStatements(texts: Map<string, number> | null = null): () => number {
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    if (texts) {
      const first = args[0] as string | { text?: string; name?: string };
      const text = (typeof first === "string" ? first : (first.text ?? first.name ?? "?"))
        .replace(/\s+/g, " ")
        .slice(0, 120);
      texts.set(text, (texts.get(text) ?? 0) + 1);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return () => statements;
}

const file = process.env.BENCH_SQL_COUNT_FILE;
if (file) {
  const target = `${file}.${process.pid}`;
  // BENCH_SQL_TEXTS=1: also counts each statement's text.
  const texts = process.env.BENCH_SQL_TEXTS ? new Map<string, number>() : null;
  const statements = countStatements(texts);
  process.on("SIGUSR2", () =>
    fs.writeFileSync(
      target,
      JSON.stringify({
        statements: statements(),
        texts: texts ? Object.fromEntries(texts) : undefined,
      }),
    ),
  );
}
