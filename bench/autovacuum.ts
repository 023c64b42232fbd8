/**
 * Autovacuum for the stack's database when the PostgreSQL server runs without it.
 *
 * A production PostgreSQL runs autovacuum: it analyzes a table once enough of it changed, and
 * every connection's cached plans for that table are then made again on the new statistics. The
 * PostgreSQL of this project's machines runs with `autovacuum = off` (set for the tests). A
 * benchmark's database starts empty. Without autovacuum, the app's named statements keep the
 * plans made on those empty tables for the whole run. One such plan, measured on this machine:
 * bench:webhooks probed an order's shipments through `shipments_shop_customer_idx` (the shop's
 * every shipment, filtered) instead of the unique index on the order: 43 million index entries
 * read for 66,500 deliveries, and PostgreSQL's CPU per delivery at 2,000/s 0.91-1.08 ms instead
 * of 0.36-0.48 ms.
 * The stack's figures would then be of a database no deployment has.
 *
 * So, when the server's autovacuum is off, this does what it would do, on the stack's database
 * only: every NAPTIME_MS, VACUUM the tables past autovacuum's vacuum thresholds (dead rows, or rows
 * inserted since the last vacuum) and ANALYZE those past its analyze threshold, with autovacuum's
 * default thresholds and cost delay. Its connection is on the stack's database, so the benchmarks
 * count its CPU with the database's, as they would count autovacuum's workers.
 *
 * BENCH_AUTOVACUUM=off leaves it out (the frozen plans, to compare).
 *
 * NAPTIME_MS is 10 s, not autovacuum's 60 s default: a benchmark's phases last 20-60 s from empty
 * tables, and the plans a long-running server has are made on tables whose statistics settled.
 */
import pg from "pg";

const NAPTIME_MS = 10_000;
// PostgreSQL's defaults (autovacuum_*_threshold, autovacuum_*_scale_factor).
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_THRESHOLD = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

/** The stack's tables that need a VACUUM or an ANALYZE now, by autovacuum's thresholds. */
const DUE = `
  SELECT s.relname AS name,
    s.n_dead_tup > $1 + $2 * greatest(c.reltuples, 0)
      OR s.n_ins_since_vacuum > $3 + $4 * greatest(c.reltuples, 0) AS vacuum,
    s.n_mod_since_analyze > $5 + $6 * greatest(c.reltuples, 0) AS analyze
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.schemaname = 'public'`;

export class Autovacuum {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** A failure was said (once: a lost connection would fail every turn). */
  private failed = false;

  private constructor(private readonly client: pg.Client) {}

  /** Starts it on the database at `url` when the server's autovacuum is off; null when it is on. */
  static async startIfOff(url: string): Promise<Autovacuum | null> {
    const client = new pg.Client({ connectionString: url, application_name: "bench-autovacuum" });
    await client.connect();
    const { rows } = await client.query<{ autovacuum: string }>("SHOW autovacuum");
    if (rows[0]?.autovacuum === "on") {
      await client.end();
      return null;
    }
    // autovacuum_vacuum_cost_delay's default (2 ms per vacuum_cost_limit, 200): a VACUUM that
    // yields to the app as autovacuum's does.
    await client.query("SET vacuum_cost_delay = '2ms'");
    client.on("error", () => {});
    const keeper = new Autovacuum(client);
    keeper.schedule();
    return keeper;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.cycle().finally(() => this.schedule());
    }, NAPTIME_MS);
    // It never keeps a benchmark's process alive on its own (one that failed before stop()).
    this.timer.unref();
  }

  private async cycle(): Promise<void> {
    try {
      const { rows } = await this.client.query<{ name: string; vacuum: boolean; analyze: boolean }>(
        DUE,
        [
          VACUUM_THRESHOLD,
          VACUUM_SCALE,
          INSERT_THRESHOLD,
          INSERT_SCALE,
          ANALYZE_THRESHOLD,
          ANALYZE_SCALE,
        ],
      );
      for (const table of rows) {
        if (this.stopped) return;
        const name = this.client.escapeIdentifier(table.name);
        if (table.vacuum) await this.client.query(`VACUUM (ANALYZE ${table.analyze}) ${name}`);
        else if (table.analyze) await this.client.query(`ANALYZE ${name}`);
      }
    } catch (error) {
      // Not fatal: the benchmark goes on, and says so (a lost connection is not opened again).
      if (!this.failed && !this.stopped)
        process.stderr.write(`The stack's autovacuum failed: ${(error as Error).message}\n`);
      this.failed = true;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.client.end().catch(() => {});
  }
}
