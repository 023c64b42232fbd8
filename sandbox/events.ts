import type { WebhookConfig } from "./service.ts";

export interface DeliveryRecord {
  account: string;
  url: string;
  event: string;
  orderId: string | null;
  status: string | null;
  attempts: number;
  delivered: boolean;
  lastError: string | null;
  at: string;
}

export interface EventDispatcherOptions {
  /** Waits between attempts; the number of retries is its length. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
  logger?: { warn: (obj: object, msg: string) => void };
}

/**
 * Delivers the service's events to each account's registered URL, with the optional static
 * header, retrying a failed delivery with bounded backoff. Deliveries of one account go out in
 * order; a recent log is kept for tests and the control endpoint.
 */
export class EventDispatcher {
  readonly log: DeliveryRecord[] = [];
  private readonly chains = new Map<string, Promise<void>>();
  private readonly retryDelaysMs: number[];
  private readonly timeoutMs: number;
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  constructor(private readonly options: EventDispatcherOptions = {}) {
    this.retryDelaysMs = options.retryDelaysMs ?? [1_000, 2_000, 4_000, 8_000, 16_000];
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  /**
   * The registration ping: `{}`, or an entirely empty body (`empty`), with or without the static
   * header; the caller requires a 2xx.
   */
  async ping(
    config: WebhookConfig,
    how: { empty?: boolean; withHeader?: boolean } = {},
  ): Promise<{ ok: boolean; status: number | null; error: string | null }> {
    try {
      const response = await this.post(
        how.withHeader === false ? { ...config, headerName: null } : config,
        how.empty ? undefined : {},
      );
      return {
        ok: response.ok,
        status: response.status,
        error: response.ok ? null : `HTTP ${response.status}`,
      };
    } catch (error) {
      return { ok: false, status: null, error: (error as Error).message };
    }
  }

  dispatch(account: string, config: WebhookConfig, body: Record<string, unknown>): void {
    const previous = this.chains.get(account) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(account, config, body));
    this.chains.set(account, next);
    void next.finally(() => {
      if (this.chains.get(account) === next) this.chains.delete(account);
    });
  }

  /** Resolves when every queued delivery has finished (delivered or given up). */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  close(): void {
    this.closed = true;
    // Wake every delivery waiting for its next attempt: it sees `closed` and gives up.
    for (const [timer, wake] of this.timers) {
      clearTimeout(timer);
      wake();
    }
    this.timers.clear();
  }

  /** Posts `body` as JSON; `undefined` posts an empty body. */
  private post(config: WebhookConfig, body: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": "shipping-sandbox-webhook/1",
    };
    if (config.headerName && config.headerSecret) headers[config.headerName] = config.headerSecret;
    return fetch(config.url, {
      method: "POST",
      headers,
      body: body === undefined ? "" : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  private async deliver(
    account: string,
    config: WebhookConfig,
    body: Record<string, unknown>,
  ): Promise<void> {
    const record: DeliveryRecord = {
      account: account.slice(0, 16),
      url: config.url,
      event: String(body.event),
      orderId: (body.order_id as string | undefined) ?? null,
      status: (body.status as string | undefined) ?? null,
      attempts: 0,
      delivered: false,
      lastError: null,
      at: new Date().toISOString(),
    };
    for (let attempt = 0; attempt <= this.retryDelaysMs.length && !this.closed; attempt++) {
      if (attempt > 0) await this.sleep(this.retryDelaysMs[attempt - 1]!);
      if (this.closed) break;
      record.attempts++;
      try {
        const response = await this.post(config, body);
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) {
          record.delivered = true;
          record.lastError = null;
          break;
        }
        record.lastError = `HTTP ${response.status}`;
      } catch (error) {
        record.lastError = (error as Error).message;
      }
    }
    if (!record.delivered)
      this.options.logger?.warn(
        {
          event: record.event,
          orderId: record.orderId,
          attempts: record.attempts,
          error: record.lastError,
        },
        "event delivery gave up",
      );
    this.log.push(record);
    if (this.log.length > 5_000) this.log.splice(0, this.log.length - 5_000);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }
}
