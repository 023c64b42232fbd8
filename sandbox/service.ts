import crypto from "node:crypto";
import { CODES } from "#app/shipping/contract.ts";
import { areaOfSide } from "./areas.ts";
import { defaultBehaviour, type Behaviour } from "./behaviour.ts";
import { findService, type CourierServiceDef } from "./catalogue.ts";
import { Drafts } from "./drafts.ts";
import { Lifecycle } from "./lifecycle.ts";
import { Locations } from "./locations.ts";
import type { OrderRecord } from "./order-record.ts";
import { Orders } from "./orders.ts";
import { quote, type Place, type Quote } from "./pricing.ts";
import { Rates } from "./rates.ts";
import type { Body } from "./routes.ts";
import type { DraftRecord } from "./draft-record.ts";
import type { LocationRecord } from "./location-record.ts";
import type { Account, EventSink, ServiceCore, WebhookConfig } from "./service-core.ts";
import { Trackings } from "./trackings.ts";
import {
  SandboxError,
  validateShipment,
  type Module,
  type ShipmentSpec,
  type SideSpec,
} from "./validation.ts";

/**
 * The shipping service's state, independent of HTTP: accounts (one per API key) and what every
 * resource shares (clock, validation, prices, events, persistence). Each resource is its own
 * module: locations.ts, drafts.ts, orders.ts (+ lifecycle.ts for how orders move), rates.ts,
 * trackings.ts. Everything lives in memory; snapshot()/restore() carry it across restarts when
 * the sandbox is given a state file.
 */

export interface ServiceOptions {
  now?: () => Date;
  /** Offset of the service's local time from UTC (WIB, +07:00, by default). */
  utcOffsetMinutes?: number;
  /** Public base URL, for tracking links. */
  publicUrl?: () => string;
  /** Share (0..1) of instant-courier orders that end in courier_not_found at allocation. */
  courierNotFoundRate?: number;
  random?: () => number;
  onEvent?: EventSink;
  /** Answers where the documentation is unclear (sandbox/behaviour.ts). */
  behaviour?: Partial<Behaviour>;
}

export type { Account, EventSink, WebhookConfig } from "./service-core.ts";

export class ShippingService implements ServiceCore {
  private readonly accounts = new Map<string, Account>();
  readonly now: () => Date;
  readonly publicUrl: () => string;
  readonly random: () => number;
  private readonly utcOffsetMinutes: number;
  courierNotFoundRate: number;
  onEvent: EventSink;
  readonly behaviour: Behaviour;

  readonly locations = new Locations(this);
  readonly lifecycle = new Lifecycle(this);
  readonly orders = new Orders(this, this.lifecycle);
  readonly rates = new Rates(this);
  readonly drafts = new Drafts(this, this.orders, this.rates);
  readonly trackings = new Trackings(this);

  /** How far the clock was moved on (`forward`): couriers' journeys played ahead of real time. */
  private clockOffsetMs = 0;

  constructor(options: ServiceOptions = {}) {
    const base = options.now ?? (() => new Date());
    this.now = () => new Date(base().getTime() + this.clockOffsetMs);
    this.utcOffsetMinutes = options.utcOffsetMinutes ?? 7 * 60;
    this.publicUrl = options.publicUrl ?? (() => "http://127.0.0.1:4010");
    this.random = options.random ?? Math.random;
    this.courierNotFoundRate = options.courierNotFoundRate ?? 0;
    this.onEvent = options.onEvent ?? (() => {});
    this.behaviour = { ...defaultBehaviour(), ...options.behaviour };
  }

  /** Moves the service's clock on (a test or the demo fast-forwarding the couriers). */
  forward(ms: number): void {
    this.clockOffsetMs += ms;
  }

  iso(): string {
    return this.now().toISOString();
  }

  account(key: string): Account {
    let account = this.accounts.get(key);
    if (!account) {
      account = {
        userId: crypto.createHash("sha256").update(key).digest("hex").slice(0, 24),
        mode: key.startsWith("biteship_live.") ? "live" : "test",
        locations: new Map(),
        drafts: new Map(),
        orders: new Map(),
        draftRefs: new Map(),
        orderRefs: new Map(),
        webhook: null,
      };
      this.accounts.set(key, account);
    }
    return account;
  }

  accountEntries(): IterableIterator<[string, Account]> {
    return this.accounts.entries();
  }

  reset(): void {
    this.accounts.clear();
  }

  /** Every rule of the contract for a create (or a merged update) body, in the draft or the orders module. */
  validate(key: string, body: Body, module: Module, courierRequired: boolean): ShipmentSpec {
    return validateShipment(
      body,
      {
        module,
        now: this.now,
        utcOffsetMinutes: this.utcOffsetMinutes,
        location: (id) => this.locations.side(key, id),
      },
      { courierRequired },
    );
  }

  quoteFor(spec: ShipmentSpec, service: CourierServiceDef): Quote | null {
    return quote(service, place(spec.origin), place(spec.destination), spec.items, {
      insuredValue: spec.insurance ?? undefined,
      codAmount: spec.cod?.amount,
      proofOfDelivery: spec.proofOfDelivery !== null,
    });
  }

  requireQuote(spec: ShipmentSpec, service: CourierServiceDef): Quote {
    const q = this.quoteFor(spec, service);
    if (!q) {
      throw new SandboxError(
        400,
        CODES.ratesNoCourier,
        `${service.courierCode} ${service.serviceCode} cannot carry this shipment (distance or weight out of its range)`,
      );
    }
    return q;
  }

  trackingLink(order: OrderRecord): string {
    return `${this.publicUrl()}/track/${order.trackingId}`;
  }

  // -------------------------------------------------------------------------------------------
  // Webhooks, counts, persistence

  setWebhook(key: string, config: WebhookConfig | null): void {
    this.account(key).webhook = config;
  }

  webhookOf(key: string): WebhookConfig | null {
    return this.accounts.get(key)?.webhook ?? null;
  }

  counts() {
    let drafts = 0;
    let orders = 0;
    const byStatus: Record<string, number> = {};
    for (const account of this.accounts.values()) {
      drafts += account.drafts.size;
      orders += account.orders.size;
      for (const o of account.orders.values()) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    }
    return { accounts: this.accounts.size, drafts, orders, ordersByStatus: byStatus };
  }

  snapshot(): unknown {
    return [...this.accounts].map(([key, a]) => ({
      key,
      webhook: a.webhook,
      locations: [...a.locations.values()],
      drafts: [...a.drafts.values()].map((d) => ({ ...d, spec: serialiseSpec(d.spec) })),
      orders: [...a.orders.values()].map((o) => ({ ...o, spec: serialiseSpec(o.spec) })),
    }));
  }

  restore(data: unknown): void {
    this.reset();
    for (const entry of data as {
      key: string;
      webhook: WebhookConfig | null;
      locations: LocationRecord[];
      drafts: (DraftRecord & { spec: SerialisedSpec })[];
      orders: (OrderRecord & { spec: SerialisedSpec })[];
    }[]) {
      const account = this.account(entry.key);
      account.webhook = entry.webhook;
      for (const l of entry.locations) account.locations.set(l.id, l);
      for (const d of entry.drafts) {
        const draft = { ...d, spec: deserialiseSpec(d.spec) };
        account.drafts.set(d.id, draft);
        if (draft.spec.referenceId !== null && !draft.deletedAt)
          account.draftRefs.set(draft.spec.referenceId, d.id);
      }
      for (const o of entry.orders) {
        // A state file written before `in_transit` was dropped from the status list.
        const status = (o.status as string) === "in_transit" ? "picked" : o.status;
        const order = { ...o, status, spec: deserialiseSpec(o.spec) };
        account.orders.set(o.id, order);
        if (order.spec.referenceId !== null) account.orderRefs.set(order.spec.referenceId, o.id);
      }
    }
  }
}

function place(side: SideSpec): Place {
  const area = areaOfSide(side);
  return {
    postalCode: side.postalCode ?? undefined,
    latitude: side.coordinate?.latitude,
    longitude: side.coordinate?.longitude,
    areaLatitude: area?.latitude ?? undefined,
    areaLongitude: area?.longitude ?? undefined,
  };
}

type SerialisedSpec = Omit<ShipmentSpec, "service"> & {
  service: { courier: string; type: string } | null;
};
function serialiseSpec(spec: ShipmentSpec): SerialisedSpec {
  return {
    ...spec,
    service: spec.service
      ? { courier: spec.service.courierCode, type: spec.service.serviceCode }
      : null,
  };
}
function deserialiseSpec(spec: SerialisedSpec): ShipmentSpec {
  return {
    ...spec,
    service: spec.service ? (findService(spec.service.courier, spec.service.type) ?? null) : null,
  };
}
