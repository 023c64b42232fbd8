import type { Behaviour } from "./behaviour.ts";
import type { CourierServiceDef } from "./catalogue.ts";
import type { DraftRecord } from "./draft-record.ts";
import type { LocationRecord } from "./location-record.ts";
import type { OrderRecord } from "./order-record.ts";
import type { Quote } from "./pricing.ts";
import type { Body } from "./routes.ts";
import type { Module, ShipmentSpec } from "./validation.ts";

/**
 * What the sandbox's resources (locations.ts, drafts.ts, orders.ts, lifecycle.ts, rates.ts,
 * trackings.ts) share of the service: its accounts, clock, validation, prices and events.
 * service.ts implements it and builds the resources on it; a resource that needs another is given
 * it, so no resource imports the service that builds it.
 */

export interface WebhookConfig {
  url: string;
  headerName: string | null;
  headerSecret: string | null;
}

export interface Account {
  userId: string;
  mode: "test" | "live";
  locations: Map<string, LocationRecord>;
  drafts: Map<string, DraftRecord>;
  orders: Map<string, OrderRecord>;
  /** reference_id → draft id, for live (not deleted) drafts. */
  draftRefs: Map<string, string>;
  /** reference_id → order id. */
  orderRefs: Map<string, string>;
  webhook: WebhookConfig | null;
}

/** A change the service announces to the account's webhook (flat body, as the live service sends). */
export type EventSink = (accountKey: string, body: Record<string, unknown>) => void;

export interface ServiceCore {
  readonly now: () => Date;
  readonly publicUrl: () => string;
  readonly random: () => number;
  readonly behaviour: Behaviour;
  courierNotFoundRate: number;
  onEvent: EventSink;
  /** Now, as the service writes times. */
  iso(): string;
  /** The key's account, made on first use. */
  account(key: string): Account;
  accountEntries(): IterableIterator<[string, Account]>;
  /** Every rule of the contract for a create (or a merged update) body, in the draft or the orders module. */
  validate(key: string, body: Body, module: Module, courierRequired: boolean): ShipmentSpec;
  quoteFor(spec: ShipmentSpec, service: CourierServiceDef): Quote | null;
  /** The quote, or the service's 400 when the courier cannot carry the shipment. */
  requireQuote(spec: ShipmentSpec, service: CourierServiceDef): Quote;
  trackingLink(order: OrderRecord): string;
}
