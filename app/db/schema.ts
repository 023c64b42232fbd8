import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type {
  BuyerAnswer,
  CodRiskSnapshot,
  FulfillmentEventStatus,
  LabelSnapshot,
  ReturnPickupLine,
} from "./json-columns";

/**
 * Shopify sessions, in the shape @shopify/shopify-app-session-storage-drizzle reads and writes
 * (all 17 columns; the adapter fails on a narrower table). Column names are the adapter's.
 */
export const sessionTable = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    shop: text("shop").notNull(),
    state: text("state").notNull(),
    isOnline: boolean("isOnline").default(false).notNull(),
    scope: text("scope"),
    expires: timestamp("expires", { mode: "date" }),
    accessToken: text("accessToken").notNull(),
    userId: bigint("userId", { mode: "number" }),
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    accountOwner: boolean("accountOwner"),
    locale: text("locale"),
    collaborator: boolean("collaborator"),
    emailVerified: boolean("emailVerified"),
    refreshToken: text("refreshToken"),
    refreshTokenExpires: timestamp("refreshTokenExpires", { mode: "date" }),
  },
  (t) => [index("session_shop_idx").on(t.shop)],
);

/** One row per shop that ever installed the app. */
export const shops = pgTable(
  "shops",
  {
    shop: text("shop").primaryKey(),
    installed: boolean("installed").notNull().default(true),
    installedAt: timestamp("installed_at", { withTimezone: true }).notNull().defaultNow(),
    uninstalledAt: timestamp("uninstalled_at", { withTimezone: true }),
    /**
     * shop/redact removed everything of the shop; the row stays as a tombstone (no key, no settings)
     * so that late deliveries are recognised and store nothing. A new installation clears it.
     */
    redactedAt: timestamp("redacted_at", { withTimezone: true }),
    /** AES-256-GCM envelope of the shipping API key (see app/secrets/crypto.server.ts); never the key itself. */
    shippingApiKeyEncrypted: text("shipping_api_key_encrypted"),
    /** Last four characters, for display ("…1a2b"). */
    shippingApiKeyHint: text("shipping_api_key_hint"),
    shippingMode: text("shipping_mode", { enum: ["test", "live"] }),
    /** Overrides SHIPPING_API_BASE_URL for this shop (a sandbox, a regional endpoint). */
    shippingBaseUrl: text("shipping_base_url"),
    /**
     * The shop's time zone as Shopify names it (`shop.ianaTimezone`: "Asia/Makassar"), read once
     * and kept (app/shops/time-zone.server.ts); the admin writes times in it. Null: not read yet.
     */
    ianaTimezone: text("iana_timezone"),
    /** Validated by shopSettingsSchema (app/shops/settings.ts). */
    settings: jsonb("settings")
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * Which version of the order status metafield definitions (app/shipments/status-metafields.ts) the
     * worker made in the shop; 0: none yet. Made or updated when the shop's next status is written.
     */
    statusDefinitionsVersion: integer("status_definitions_version").notNull().default(0),
    /**
     * Until when one job has the making of those definitions to itself (a lease taken with one
     * statement, so no transaction stays open across the Admin API calls); null: nobody is making them.
     */
    statusDefinitionsLeaseUntil: timestamp("status_definitions_lease_until", {
      withTimezone: true,
    }),
    /**
     * The carrier service (gid) the app registered in the shop for rates at checkout; null: rates at
     * checkout are off. Shopify removes it when the app is uninstalled, and so does recordUninstall here.
     */
    carrierServiceId: text("carrier_service_id"),
    /**
     * The shop's callback token (app/shops/callback-token.server.ts) is in the URL of the shipping
     * service's events (`/webhooks/shipping/<token>`) and of the carrier service's rate requests
     * (`?token=`), so each shop's callbacks are its own. Kept as its SHA-256 (hex), which requests
     * are looked up by, and sealed (AES-256-GCM, like the shipping API key) for the app to show the
     * URL and register it at Shopify: a database dump holds no usable token. Null: none made yet
     * (made when first needed).
     */
    callbackTokenHash: text("callback_token_hash"),
    callbackTokenSealed: text("callback_token_sealed"),
    /** The token before the last rotation (its SHA-256), accepted for a grace period after `callback_token_rotated_at`. */
    callbackTokenPreviousHash: text("callback_token_previous_hash"),
    callbackTokenRotatedAt: timestamp("callback_token_rotated_at", { withTimezone: true }),
    /** The SHA-256 of the token the shop's carrier service was last registered with (in its callback URL). */
    carrierCallbackTokenHash: text("carrier_callback_token_hash"),
    /**
     * A carrier service registered before tokens calls without one: such requests are answered
     * until then (while the worker registers it again with the token), never after; null: never.
     */
    carrierTokenlessUntil: timestamp("carrier_tokenless_until", { withTimezone: true }),
    /**
     * When the shipping service last reached the shop's events URL (its registration ping or an
     * event), to the minute (app/shops/service-events.server.ts): the setup guide's events step is
     * done once it is set, and settings say when. Null: the service has not called yet.
     */
    serviceEventsAt: timestamp("service_events_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shops_callback_token_hash_idx").on(t.callbackTokenHash),
    index("shops_callback_token_previous_hash_idx").on(t.callbackTokenPreviousHash),
  ],
);

/**
 * A store order on its way to becoming (or being) a shipment at the shipping service.
 * Personal data of the recipient is kept in the destination_* columns only, so that
 * customers/redact can blank exactly those.
 */
/** A cash-on-delivery parcel with an outcome: delivered (and paid), or back at the shop. */
const COD_OUTCOME = sql`jsonb_typeof(contents->'cod') = 'number' and (delivered_at is not null or returned_at is not null)`;

export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    /** Shopify order id (numeric, as text: ids exceed 2^53). */
    orderId: text("order_id").notNull(),
    /**
     * 1 for an order's first shipment; a shipment made again after a cancellation is the next
     * attempt, with its own reference_id. The order's current shipment is its highest attempt.
     */
    attempt: integer("attempt").notNull().default(1),
    /**
     * Which of the order's shipments: one per Shopify fulfillment order this app ships (a store with
     * two warehouses ships an order as two parcels, parts 1 and 2). Part 1 is the order's first;
     * attempts count per part.
     */
    part: integer("part").notNull().default(1),
    /**
     * The Shopify fulfillment order (gid) the shipment carries, with its assigned Shopify location
     * (gid and name): its items, its origin, and what its fulfillment closes. Null for shipments
     * made before fulfillment orders were read, and for orders Shopify gave none.
     */
    fulfillmentOrderId: text("fulfillment_order_id"),
    shopifyLocationId: text("shopify_location_id"),
    shopifyLocationName: text("shopify_location_name"),
    /**
     * Why Shopify holds the shipment's fulfillment order (staff, a fraud check, another app), in
     * words; null when it is not held. Nothing is booked while it is set.
     */
    shopifyHold: text("shopify_hold"),
    /** The hold as data (app/i18n/said.ts), said in the reader's language. */
    shopifyHoldSaid: jsonb("shopify_hold_said"),
    /**
     * The hold this app placed on the fulfillment order while the shipment is being booked (the
     * "hold while booking" setting), so staff cannot fulfill it by hand as well; released when the
     * shipment is fulfilled or cancelled.
     */
    appHoldId: text("app_hold_id"),
    orderName: text("order_name"),
    /**
     * When the customer placed the store order (its `created_at`), set with the order's snapshot:
     * the list's order date. Null until the worker has read the order; the list then shows when
     * the shipment was recorded, which is when the order arrived.
     */
    orderCreatedAt: timestamp("order_created_at", { withTimezone: true }),
    /** Shopify customer id (numeric, as text), for customers/redact. */
    customerId: text("customer_id"),
    referenceId: text("reference_id").notNull(),
    status: text("status").notNull().default("pending"),
    /** Why the shipment needs the merchant's attention, when it does. */
    problem: text("problem"),
    /**
     * The same problem as data: its messages' kinds and values (app/shipments/said.ts), said in the
     * reader's language when shown; null for a problem written before it had a kind (the text is
     * shown as written) and whenever `problem` is null.
     */
    problemSaid: jsonb("problem_said"),
    /**
     * The kinds of the problem (app/shipments/problem-kinds.ts), for the list's filter; empty when
     * there is no problem. Written with every problem (a ShipmentPatch setting a problem carries them).
     */
    problemKinds: text("problem_kinds")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Why the shipment is where it is when that was a decision, not a fault: "no shipment needed:
     * local pickup", "waiting for payment: bank transfer pending", "not shipped: destination in
     * Malaysia". Shown to the merchant next to the status.
     */
    decision: text("decision"),
    /** The decision as data (its messages' kinds and values), as `problem_said` is for the problem. */
    decisionSaid: jsonb("decision_said"),
    /** Shopify's financial_status of the order as last read (pending, paid, …). */
    financialStatus: text("financial_status"),
    /** Booking waits for payment: the draft is made, confirmation waits for orders/paid. */
    awaitingPayment: boolean("awaiting_payment").notNull().default(false),
    /** A courier the merchant chose for this shipment ({company, type}); wins over the checkout's. */
    chosenCourier: jsonb("chosen_courier"),
    /**
     * The pickup slot the merchant chose for this parcel ({date, time} in WIB,
     * app/shipments/pickup-slots.ts); null: the shop's default (now, or tomorrow 10.00).
     */
    pickupSlot: jsonb("pickup_slot"),
    /**
     * The merchant's insurance choice for this parcel, "on" or "off"
     * (app/shipments/insurance-choice.ts); null: the shop's rule decides.
     */
    insuranceChoice: text("insurance_choice", { enum: ["on", "off"] }),
    /** updated_at of the store order as last applied; older states never overwrite newer ones. */
    orderUpdatedAt: timestamp("order_updated_at", { withTimezone: true }),
    /** What the draft carries (items, values, COD), to tell what an order edit changed. */
    contents: jsonb("contents"),
    problems: jsonb("problems")
      .notNull()
      .default(sql`'[]'::jsonb`),
    draftOrderId: text("draft_order_id"),
    /**
     * Where the parcel leaves from, as the draft was made: the pickup location's id in the
     * service's location list and its name. Set with the draft; later changes of the shop's default
     * pickup do not move it.
     */
    originLocationId: text("origin_location_id"),
    originName: text("origin_name"),
    shippingOrderId: text("shipping_order_id"),
    courierCompany: text("courier_company"),
    courierType: text("courier_type"),
    waybillId: text("waybill_id"),
    trackingId: text("tracking_id"),
    trackingUrl: text("tracking_url"),
    price: numeric("price", { precision: 14, scale: 2 }),
    currency: text("currency"),
    destinationName: text("destination_name"),
    destinationPhone: text("destination_phone"),
    destinationEmail: text("destination_email"),
    destinationAddress: text("destination_address"),
    destinationCity: text("destination_city"),
    destinationPostalCode: text("destination_postal_code"),
    /** Shopify fulfillments made for this shipment (gids), for later tracking updates. */
    fulfillmentIds: jsonb("fulfillment_ids")
      .notNull()
      .default(sql`'[]'::jsonb`),
    redactedAt: timestamp("redacted_at", { withTimezone: true }),
    /**
     * When the shop's own Admin API confirmed the store order is the shop's (read by its id before
     * anything is drafted or booked): a delivery's shop header is not signed, its body is.
     */
    orderVerifiedAt: timestamp("order_verified_at", { withTimezone: true }),
    /**
     * When the shop's Admin API said it has no such order: the delivery named this shop for another
     * shop's order (or the order is gone). Nothing of it is stored, drafted or booked from then on.
     */
    disownedAt: timestamp("disowned_at", { withTimezone: true }),
    /**
     * When the courier delivered the parcel, and when it came back to the shop (the service's
     * history entry of that status, else when the app learnt it): the COD page's weeks and payouts.
     */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /**
     * When the courier expects to deliver (app/shipments/estimate.ts: the booking plus the
     * service's duration from the couriers list); sent to Shopify with the fulfillment events.
     */
    estimatedDeliveryAt: timestamp("estimated_delivery_at", { withTimezone: true }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    /**
     * The courier's record on this parcel (app/couriers/): when the courier picked it up (the
     * history's first `picked` entry) and how many delivery attempts failed before the outcome
     * (entries that tell of one), read from the service's history by the status sync.
     */
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /**
     * The destination's province and city (kota/kabupaten) as the service names them (the booked
     * order's area), the courier lanes' key. Kept when the recipient is removed at the customer's
     * request: a province and a city find no one. Null until booked.
     */
    laneProvince: text("lane_province"),
    laneCity: text("lane_city"),
    /**
     * A delivered cash-on-delivery parcel's order in Shopify (worker/processors/settle-cod.ts):
     * `marked_paid` by this app, `already_paid` (Shopify had nothing to mark), `off` (the shop's
     * setting), `refused` (Shopify's reason is the shipment's problem); null until then.
     */
    codSettlement: text("cod_settlement", {
      enum: ["marked_paid", "already_paid", "off", "refused"],
    }),
    codSettledAt: timestamp("cod_settled_at", { withTimezone: true }),
    /**
     * The service's fee for collecting the cash (`destination.cash_on_delivery.fee` of the booked
     * order, kept current by the status sync), part of the booking's price: the COD page's fee and
     * net. Null for a prepaid parcel and for a booking read before it was kept.
     */
    codFee: numeric("cod_fee", { precision: 14, scale: 2 }),
    /**
     * What shipping really cost (app/costs/): the service's price when the parcel was booked
     * (`price` then follows its `order.price` events: a courier that weighs the parcel heavier
     * charges more), the insurance fee in it, and the return fee of a parcel that came back (the
     * price's rise once it turned back). Null until booked; the return fee null unless it came back.
     */
    quotedPrice: numeric("quoted_price", { precision: 14, scale: 2 }),
    insuranceFee: numeric("insurance_fee", { precision: 14, scale: 2 }),
    returnFee: numeric("return_fee", { precision: 14, scale: 2 }),
    /**
     * What the customer paid for shipping at checkout (the order's shipping lines after discounts),
     * carried by the order's first parcel (0 on its other parts); null when the order was read
     * before it was kept.
     */
    shippingCharged: numeric("shipping_charged", { precision: 14, scale: 2 }),
    /**
     * The payout the merchant recorded as received that covers this parcel's cash (the COD page's
     * ledger); null while it is not recorded. Removing the payout frees its parcels.
     */
    codPayoutId: uuid("cod_payout_id").references((): AnyPgColumn => codPayouts.id, {
      onDelete: "set null",
    }),
    /**
     * A parcel that came back (worker/processors/process-return.ts), step by step: the Shopify
     * return made (or found) for its fulfilled lines, when its goods were restocked, and how the
     * order was left: `cancelled` (an unpaid COD order closed), `to_refund` (prepaid: the
     * merchant refunds), `left_open` (the shop's settings), `by_hand` (returned in Shopify
     * already), `refused` (Shopify's reason is the shipment's problem).
     */
    shopifyReturnId: text("shopify_return_id"),
    returnRestockedAt: timestamp("return_restocked_at", { withTimezone: true }),
    returnOutcome: text("return_outcome", {
      enum: ["cancelled", "to_refund", "left_open", "by_hand", "refused"],
    }),
    /**
     * What the parcel's label prints (app/labels/snapshot.ts): sender, receiver, items with their
     * weights and the courier's routing code, as the service's booked order states them.
     */
    label: jsonb("label").$type<LabelSnapshot>(),
    /** When the label was last printed (the list's "not printed yet" filter); null until then. */
    labelPrintedAt: timestamp("label_printed_at", { withTimezone: true }),
    /**
     * A cash-on-delivery order's risk of coming back unpaid, assessed before its draft from the
     * shop's own history (app/cod-risk/): score, level, reasons (as messages) and when. Null for
     * a prepaid order and for one drafted before risks were assessed.
     */
    codRisk: jsonb("cod_risk").$type<CodRiskSnapshot>(),
    /**
     * When the merchant let a COD order held for its risk go on (the buyer confirmed, or book
     * anyway): from then on its drafts are made whatever the risk. Null: never released.
     */
    codRiskReleasedAt: timestamp("cod_risk_released_at", { withTimezone: true }),
    /**
     * What the buyer did from the link to the held order's page (app/buyer-page/): confirmed,
     * fixed the address (what they wrote) or cancelled, and when. Set once: a used link says so.
     * Personal data: blanked by customers/redact.
     */
    buyerAnswer: jsonb("buyer_answer").$type<BuyerAnswer>(),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipments_shop_order_part_attempt_uq").on(t.shop, t.orderId, t.part, t.attempt),
    uniqueIndex("shipments_shop_reference_uq").on(t.shop, t.referenceId),
    index("shipments_shop_status_updated_idx").on(t.shop, t.status, t.updatedAt, t.id),
    index("shipments_shop_updated_idx").on(t.shop, t.updatedAt, t.id),
    index("shipments_shop_customer_idx").on(t.shop, t.customerId),
    index("shipments_shipping_order_idx").on(t.shippingOrderId),
    // A fulfillment-order webhook names fulfillment orders only: the shipment that carries one.
    index("shipments_shop_fulfillment_order_idx")
      .on(t.shop, t.fulfillmentOrderId)
      .where(sql`fulfillment_order_id is not null`),
    index("shipments_status_updated_idx").on(t.status, t.updatedAt),
    // A shop's latest orders, by their first shipment (the courier rules' preview).
    index("shipments_shop_first_created_idx")
      .on(t.shop, t.createdAt)
      .where(sql`part = 1 and attempt = 1`),
    // The "needs attention" tab and its filters by kind: only the few rows with a problem.
    // The COD page: a shop's delivered and returned cash-on-delivery parcels.
    index("shipments_shop_delivered_idx")
      .on(t.shop, t.deliveredAt)
      .where(sql`delivered_at is not null`),
    index("shipments_shop_returned_idx")
      .on(t.shop, t.returnedAt)
      .where(sql`returned_at is not null`),
    // A payout statement's lines find their parcels by waybill, else by order (app/cod/statements/).
    index("shipments_shop_waybill_idx")
      .on(t.shop, t.waybillId)
      .where(sql`waybill_id is not null`),
    index("shipments_shop_order_name_idx")
      .on(t.shop, t.orderName)
      .where(sql`order_name is not null`),
    // A payout's parcels (removing a payout frees them).
    index("shipments_cod_payout_idx")
      .on(t.codPayoutId)
      .where(sql`cod_payout_id is not null`),
    index("shipments_shop_problem_updated_idx")
      .on(t.shop, t.updatedAt, t.id)
      .where(sql`problem is not null`),
    // The COD risk's history (app/cod-risk/history.server.ts): a buyer's earlier parcels by phone
    // and e-mail (by customer: shipments_shop_customer_idx), the latest COD outcomes of the shop,
    // a city and a postal code, and the latest COD orders' amounts.
    index("shipments_shop_phone_idx")
      .on(t.shop, t.destinationPhone)
      .where(sql`destination_phone is not null`),
    index("shipments_shop_email_idx")
      .on(t.shop, sql`lower(${t.destinationEmail})`)
      .where(sql`destination_email is not null`),
    // … and by the door they gave (history.server.ts's addressKey).
    index("shipments_shop_address_key_idx")
      .on(t.shop, sql`regexp_replace(lower(${t.destinationAddress}), '[^a-z0-9]+', '', 'g')`)
      .where(sql`destination_address is not null`),
    index("shipments_shop_cod_outcome_idx")
      .on(t.shop, sql`coalesce(${t.deliveredAt}, ${t.returnedAt})`)
      .where(COD_OUTCOME),
    index("shipments_shop_city_cod_outcome_idx")
      .on(
        t.shop,
        sql`lower(${t.destinationCity})`,
        sql`coalesce(${t.deliveredAt}, ${t.returnedAt})`,
      )
      .where(COD_OUTCOME),
    index("shipments_shop_postal_cod_outcome_idx")
      .on(t.shop, t.destinationPostalCode, sql`coalesce(${t.deliveredAt}, ${t.returnedAt})`)
      .where(COD_OUTCOME),
    index("shipments_shop_cod_placed_idx")
      .on(t.shop, t.orderCreatedAt)
      .where(sql`jsonb_typeof(contents->'cod') = 'number'`),
    // The costs page (app/costs/): a shop's booked parcels by when their order came, with what
    // each cost, read from the index alone; and the few charged more than quoted.
    index("shipments_shop_booked_costs_idx")
      .on(t.shop, t.createdAt)
      .where(sql`quoted_price is not null`),
    index("shipments_shop_surcharged_idx")
      .on(t.shop, t.createdAt)
      .where(sql`price - coalesce(return_fee, 0) > quoted_price`),
    // The list's "COD risk" filter: the shop's medium and high risks, newest change first.
    index("shipments_shop_cod_risky_idx")
      .on(t.shop, t.updatedAt, t.id)
      .where(sql`cod_risk->>'level' in ('medium', 'high')`),
  ],
);

/** The timeline of a shipment: every state change, who or what caused it, and why. */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    shop: text("shop").notNull(),
    /** e.g. "webhook:orders/create", "worker:confirm", "merchant", "service:order.status". */
    actor: text("actor").notNull(),
    type: text("type").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    /** What happened in English, as written (logs, exports, rows older than `said`). */
    message: text("message"),
    /** The same as data: its messages' kinds and values (app/i18n/said.ts), said in the reader's language. */
    said: jsonb("said"),
    data: jsonb("data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shipment_events_shipment_idx").on(t.shipmentId, t.id)],
);

/**
 * A customer's return approved in Shopify, and the courier pickup booked for it at the service
 * (app/returns/pickups.server.ts, worker/processors/book-return-pickup.ts): an ordinary order from
 * the customer's address to the pickup location the original parcel left from, for the returned
 * lines only, non-COD. `status`: approved (Shopify approved it; nothing booked), booking (the
 * merchant asked; the job books), booked (the service's order made; `service_status` follows it),
 * declined or closed (in Shopify before any booking: nothing is booked), refused (the service or
 * Shopify said no: `problem`). One row per Shopify return.
 */
/**
 * A payout of collected cash on delivery that the merchant recorded as received (the service's
 * transfer to the shop's bank account): by courier and day, with the amount that arrived. It
 * covers the delivered COD parcels of that courier whose payout was due by that day and not yet
 * covered (`shipments.cod_payout_id`), as the merchant saw them when recording it.
 */
export const codPayouts = pgTable(
  "cod_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    /** The service's courier code (lowercase), as the shipments keep it. */
    courier: text("courier").notNull(),
    /** The day the money arrived, in the shop's zone. */
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    /** What arrived, as the merchant typed it. */
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    /** What the covered parcels' cash came to when recorded (paid out whole: the fee was charged at booking). */
    expected: numeric("expected", { precision: 14, scale: 2 }).notNull(),
    parcels: integer("parcels").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cod_payouts_shop_received_idx").on(t.shop, t.receivedOn)],
);
export type CodPayout = typeof codPayouts.$inferSelect;

/**
 * The merchant's word on a COD buyer (app/cod-risk/marks.server.ts): `trusted`, never held for
 * risk; `held`, every COD order of theirs held before booking. The buyer is known by any of the
 * keys the marked shipment had (normalised phone, lower-cased e-mail, Shopify customer id); a
 * customers/redact for them removes the mark.
 */
/**
 * What shipping cost a shop, hour by hour and courier by courier (the costs page's totals,
 * app/costs/report.server.ts): kept by the trigger `shipping_costs_roll` on `shipments` (migration
 * 0033), which takes a parcel's old figures out and puts its new ones in whenever a booked
 * parcel's money, courier or cancellation changes, so every writer keeps it right and the page
 * reads at most 24 rows per courier and day, never the shop's shipments. Hours are UTC: the page
 * makes weeks in the shop's zone from them. A booked parcel is one with a quote, not cancelled.
 */
export const shippingCostHours = pgTable(
  "shipping_cost_hours",
  {
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    /** The courier's code as the shipment has it; "" for none. */
    courier: text("courier").notNull(),
    /** The hour (UTC) the parcels' orders came in (`shipments.created_at`). */
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    parcels: integer("parcels").notNull().default(0),
    charged: numeric("charged", { precision: 16, scale: 2 }).notNull().default("0"),
    chargedParcels: integer("charged_parcels").notNull().default(0),
    quoted: numeric("quoted", { precision: 16, scale: 2 }).notNull().default("0"),
    paid: numeric("paid", { precision: 16, scale: 2 }).notNull().default("0"),
    surcharges: numeric("surcharges", { precision: 16, scale: 2 }).notNull().default("0"),
    surcharged: integer("surcharged").notNull().default(0),
    returnFees: numeric("return_fees", { precision: 16, scale: 2 }).notNull().default("0"),
    returned: integer("returned").notNull().default(0),
    codFees: numeric("cod_fees", { precision: 16, scale: 2 }).notNull().default("0"),
    insuranceFees: numeric("insurance_fees", { precision: 16, scale: 2 }).notNull().default("0"),
  },
  (t) => [uniqueIndex("shipping_cost_hours_pk").on(t.shop, t.hour, t.courier)],
);

/**
 * What each courier service did on each lane (destination province and city), per day the parcels'
 * orders came in (UTC) and per time from pickup to delivery in quarter days (`transit_q`, rounded
 * up; -1: not delivered, or no pickup time): the courier performance page and the record shown
 * beside each service on offer (app/couriers/). Kept by the trigger `courier_lanes_roll` on
 * `shipments` (migration 0034) as parcels are booked and move, as `shipping_cost_hours` is: the
 * page never reads the shop's shipments. A booked parcel is one with a quote, not cancelled.
 */
export const courierLaneDays = pgTable(
  "courier_lane_days",
  {
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    /** The courier's and the service's codes as the shipment has them; "" for none. */
    courier: text("courier").notNull(),
    service: text("service").notNull(),
    /** The destination's province and city as the service names them; "" when unknown. */
    province: text("province").notNull(),
    city: text("city").notNull(),
    day: date("day").notNull(),
    transitQ: integer("transit_q").notNull(),
    /** Booked parcels; of them with an outcome (delivered or turned back), delivered at the first attempt, turned back, paid on delivery. */
    parcels: integer("parcels").notNull().default(0),
    finished: integer("finished").notNull().default(0),
    firstAttempt: integer("first_attempt").notNull().default(0),
    returned: integer("returned").notNull().default(0),
    cod: integer("cod").notNull().default(0),
    /** What the service charged for taking them there (the price less any return fee). */
    price: numeric("price", { precision: 16, scale: 2 }).notNull().default("0"),
  },
  (t) => [
    uniqueIndex("courier_lane_days_pk").on(
      t.shop,
      t.day,
      t.courier,
      t.service,
      t.province,
      t.city,
      t.transitQ,
    ),
    // The record beside each service on offer for one destination province.
    index("courier_lane_days_province_idx").on(t.shop, t.province, t.day),
  ],
);

export const codBuyerMarks = pgTable(
  "cod_buyer_marks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    phone: text("phone"),
    email: text("email"),
    customerId: text("customer_id"),
    mark: text("mark", { enum: ["trusted", "held"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("cod_buyer_marks_shop_phone_idx").on(t.shop, t.phone),
    index("cod_buyer_marks_shop_email_idx").on(t.shop, t.email),
    index("cod_buyer_marks_shop_customer_idx").on(t.shop, t.customerId),
  ],
);
export type CodBuyerMark = typeof codBuyerMarks.$inferSelect;

export const returnPickups = pgTable(
  "return_pickups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    shopifyReturnId: text("shopify_return_id").notNull(),
    orderId: text("order_id").notNull(),
    /** The original shipment (its pickup location and courier); null while the order has none booked. */
    shipmentId: uuid("shipment_id").references(() => shipments.id, { onDelete: "set null" }),
    status: text("status", {
      enum: ["approved", "booking", "booked", "declined", "closed", "refused"],
    })
      .notNull()
      .default("approved"),
    problem: text("problem"),
    /** The problem as data (app/i18n/said.ts), said in the reader's language. */
    problemSaid: jsonb("problem_said"),
    /** The courier service the merchant booked with, as quoted. */
    courierCompany: text("courier_company"),
    courierType: text("courier_type"),
    price: numeric("price", { precision: 14, scale: 2 }),
    /** The lines picked up, as Shopify's return lists them, with the weights of the original items. */
    lines: jsonb("lines").$type<ReturnPickupLine[]>(),
    draftOrderId: text("draft_order_id"),
    shippingOrderId: text("shipping_order_id"),
    serviceStatus: text("service_status"),
    waybillId: text("waybill_id"),
    trackingUrl: text("tracking_url"),
    /** Shopify's reverse delivery carrying the waybill, so that Shopify tells the customer. */
    reverseDeliveryId: text("reverse_delivery_id"),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("return_pickups_shop_return_uq").on(t.shop, t.shopifyReturnId),
    index("return_pickups_shop_order_idx").on(t.shop, t.orderId),
    index("return_pickups_shipping_order_idx").on(t.shippingOrderId),
  ],
);
export type ReturnPickup = typeof returnPickups.$inferSelect;

/**
 * The courier's progress as Shopify fulfillment events (worker/processors/fulfillment-events.ts):
 * one row per entry of the service's tracking history, recorded by sync-status (unique per entry,
 * so a repeated or replayed service event adds nothing), then sent once, in the order the entries
 * happened, to the shipment's fulfillment. `state`: pending (not sent yet: no fulfillment, or
 * waiting for the job), sending (claimed; a crash here is settled against Shopify's own list),
 * sent, or skipped (`reason`: older than one already sent, after the delivery, or no Shopify
 * status for it).
 */
export const fulfillmentEvents = pgTable(
  "fulfillment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    shop: text("shop").notNull(),
    /** The history entry's identity: its time, status and note as the service gave them. */
    entryKey: text("entry_key").notNull(),
    serviceStatus: text("service_status").notNull(),
    note: text("note"),
    happenedAt: timestamp("happened_at", { withTimezone: true }).notNull(),
    /** Shopify's FulfillmentEventStatus for it; null: none (a cancellation). */
    shopifyStatus: text("shopify_status").$type<FulfillmentEventStatus>(),
    state: text("state", { enum: ["pending", "sending", "sent", "skipped"] })
      .notNull()
      .default("pending"),
    reason: text("reason"),
    fulfillmentId: text("fulfillment_id"),
    shopifyEventId: text("shopify_event_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("fulfillment_events_entry_uq").on(t.shipmentId, t.entryKey),
    index("fulfillment_events_shipment_idx").on(t.shipmentId, t.happenedAt, t.id),
  ],
);

/**
 * When each parcel's silence is next looked at by the stuck finder
 * (worker/processors/find-stuck.ts): kept by a trigger on fulfillment_events (each scan the app
 * records sets it a day after; migration 0036), moved by the finder to when the parcel's lane would
 * call it stuck, and removed once the parcel is marked, delivered, back or silent too long. The
 * finder reads the due ones shop by shop in turn (`stuck_checks_shop_due_idx`), so no shop's
 * parcels hide another's.
 */
export const stuckChecks = pgTable(
  "stuck_checks",
  {
    shipmentId: uuid("shipment_id")
      .primaryKey()
      .references(() => shipments.id, { onDelete: "cascade" }),
    shop: text("shop").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("stuck_checks_due_idx").on(t.dueAt),
    index("stuck_checks_shop_due_idx").on(t.shop, t.dueAt),
  ],
);

/**
 * When the status poll (worker/processors/poll-statuses.ts) last asked the service about a parcel
 * in flight: a parcel is due again once both its last change and its last poll are older than the
 * poll's staleness, whatever the service answered, so a shop's parcels that never change do not
 * stay at the head of every run; due parcels are taken shop by shop in turn. Narrow and apart from
 * `shipments`, so a poll takes no lock on the row the shipment's jobs update.
 */
export const shipmentPolls = pgTable("shipment_polls", {
  shipmentId: uuid("shipment_id")
    .primaryKey()
    .references(() => shipments.id, { onDelete: "cascade" }),
  polledAt: timestamp("polled_at", { withTimezone: true }).notNull(),
});

/** The same for customers' return pickups on their way back (`return_pickups`). */
export const returnPickupPolls = pgTable("return_pickup_polls", {
  pickupId: uuid("pickup_id")
    .primaryKey()
    .references(() => returnPickups.id, { onDelete: "cascade" }),
  polledAt: timestamp("polled_at", { withTimezone: true }).notNull(),
});

/**
 * Every webhook delivery received, recorded before any work is enqueued. Unique on Shopify's
 * delivery id (X-Shopify-Webhook-Id), so a redelivery is recognised and does no new work.
 */
export const webhookInbox = pgTable(
  "webhook_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    webhookId: text("webhook_id").notNull(),
    eventId: text("event_id"),
    shop: text("shop").notNull(),
    topic: text("topic").notNull(),
    /** Shopify resource id of the payload (order id, customer id), when it has one. */
    resourceId: text("resource_id"),
    triggeredAt: timestamp("triggered_at", { withTimezone: true }),
    payload: jsonb("payload"),
    status: text("status", { enum: ["received", "processed", "failed"] })
      .notNull()
      .default("received"),
    error: text("error"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_inbox_webhook_id_uq").on(t.webhookId),
    index("webhook_inbox_shop_topic_idx").on(t.shop, t.topic, t.resourceId),
    index("webhook_inbox_status_idx").on(t.status, t.receivedAt),
  ],
);

/**
 * An "import open orders" run of a shop: orders that never arrived by webhook (placed before
 * install) read through Admin GraphQL, with its progress for the admin page.
 */
export const orderImports = pgTable(
  "order_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shop: text("shop")
      .notNull()
      .references(() => shops.shop, { onDelete: "cascade" }),
    /** Orders created on or after this moment are imported. */
    since: timestamp("since", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["running", "done", "failed"] })
      .notNull()
      .default("running"),
    pages: integer("pages").notNull().default(0),
    /** Orders read from Shopify, and how many of them were new to the app. */
    seen: integer("seen").notNull().default(0),
    created: integer("created").notNull().default(0),
    cursor: text("cursor"),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("order_imports_shop_idx").on(t.shop, t.startedAt),
    // At most one import running per shop.
    uniqueIndex("order_imports_one_running_idx")
      .on(t.shop)
      .where(sql`status = 'running'`),
  ],
);

/**
 * Facts about the installation itself, one row each. `encryption_canary`: a known text encrypted
 * with ENCRYPTION_KEY when the database first met a key; every start decrypts it, so a wrong key
 * stops the web and worker processes with a clear message instead of failing each shop's calls.
 */
export const appMeta = pgTable("app_meta", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Shop = typeof shops.$inferSelect;
export type Shipment = typeof shipments.$inferSelect;
export type ShipmentEvent = typeof shipmentEvents.$inferSelect;
export type WebhookInboxRow = typeof webhookInbox.$inferSelect;
export type FulfillmentEventRow = typeof fulfillmentEvents.$inferSelect;
