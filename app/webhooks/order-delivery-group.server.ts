import type pg from "pg";
import { POOL_KEPT_CONNECTIONS } from "../db/client.server";
import {
  orderKeyOf,
  recordOrderDeliveries,
  recordOrderDelivery,
  type OrderDelivery,
  type RecordedOrderDelivery,
} from "./order-delivery.server";

interface Waiting {
  delivery: OrderDelivery;
  resolve(recorded: RecordedOrderDelivery): void;
  reject(error: unknown): void;
}

export interface DeliveryGroupOptions {
  /** At most this many deliveries in one statement. */
  maxRows?: number;
  /**
   * At most this many statements at the database at once; deliveries arriving meanwhile wait.
   * Default: the connections the pool keeps open when idle (POOL_KEPT_CONNECTIONS, 2).
   */
  maxInFlight?: number;
}

/**
 * Group commit of order deliveries. A flash sale sends hundreds of deliveries a second; recorded
 * one statement and one commit each, the acknowledgement's cost is mostly the round trip (the
 * socket write, PostgreSQL's parse of the message, its commit's WAL flush) rather than the rows.
 * Here the deliveries whose bodies arrived in one turn of the event loop go to the database as one
 * statement (recordOrderDeliveries), and while `maxInFlight` statements are at the database the
 * next ones gather. A delivery that arrives alone goes alone, at once: the group adds no wait
 * when there is nothing to group.
 *
 * Each delivery still gets its own answer, as if recorded alone. Two deliveries with one id, or
 * about one order, are never at the database together: the later waits until the earlier's
 * statement is answered, and they go in arrival order. If a statement of several fails, each of
 * its deliveries is recorded again alone, so one delivery the database refuses fails alone (its
 * 5xx makes Shopify retry it) and the others are answered.
 */
export class OrderDeliveryGroup {
  private readonly waiting: Waiting[] = [];
  /** The delivery ids and orders (orderKeyOf) of the statements at the database. */
  private readonly busyIds = new Set<string>();
  private readonly busyOrders = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  private readonly maxRows: number;
  private readonly maxInFlight: number;

  constructor(
    private readonly pool: Pick<pg.Pool, "query">,
    options: DeliveryGroupOptions = {},
  ) {
    this.maxRows = options.maxRows ?? 50;
    this.maxInFlight = options.maxInFlight ?? POOL_KEPT_CONNECTIONS;
  }

  /** Records one delivery with whatever arrives with it; its own answer, or its own error. */
  record(delivery: OrderDelivery): Promise<RecordedOrderDelivery> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ delivery, resolve, reject });
      this.schedule();
    });
  }

  /** Deliveries not yet sent to the database (for tests and metrics). */
  get pending(): number {
    return this.waiting.length;
  }

  // After the current turn's I/O callbacks: every body that completed in this turn joins.
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
        const group = this.take();
        // All that waits is about what is at the database: sent when that is answered.
        if (group.length === 0) return;
        this.send(group);
      }
    });
  }

  /** The next statement's deliveries: the oldest ones whose id and order are not at the database. */
  private take(): Waiting[] {
    const taken: Waiting[] = [];
    let kept = 0;
    for (const w of this.waiting) {
      const order = orderKeyOf(w.delivery);
      if (
        taken.length < this.maxRows &&
        !this.busyIds.has(w.delivery.webhookId) &&
        !this.busyOrders.has(order)
      ) {
        taken.push(w);
        this.busyIds.add(w.delivery.webhookId);
        this.busyOrders.add(order);
      } else this.waiting[kept++] = w;
    }
    this.waiting.length = kept;
    return taken;
  }

  private send(group: Waiting[]): void {
    this.inFlight++;
    void this.recordGroup(group).finally(() => {
      this.inFlight--;
      for (const w of group) {
        this.busyIds.delete(w.delivery.webhookId);
        this.busyOrders.delete(orderKeyOf(w.delivery));
      }
      this.schedule();
    });
  }

  private async recordGroup(group: Waiting[]): Promise<void> {
    let answers: RecordedOrderDelivery[];
    try {
      answers = await recordOrderDeliveries(
        this.pool,
        group.map((w) => w.delivery),
      );
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      // One refused delivery must not fail the others: each alone, with its own answer.
      await Promise.all(group.map((w) => this.recordAlone(w)));
      return;
    }
    group.forEach((w, i) => w.resolve(answers[i]!));
  }

  private async recordAlone(w: Waiting): Promise<void> {
    try {
      w.resolve(await recordOrderDelivery(this.pool, w.delivery));
    } catch (error) {
      w.reject(error);
    }
  }
}
