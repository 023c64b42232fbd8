-- Timeline entries and Shopify's holds are kept as data too (app/i18n/said.ts), said in the
-- reader's language. Entries written before: those whose text is one of the app's fixed messages,
-- or one of its messages with values the text names, get that message; any other text is shown
-- as it was written.
ALTER TABLE "shipment_events" ADD COLUMN "said" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shopify_hold_said" jsonb;
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = v."said"::jsonb FROM (VALUES
  ('Cancellation requested', '[{"key": "cancelRequested"}]'),
  ('Cancel and book again requested', '[{"key": "rebookRequested"}]'),
  ('Draft creation requested', '[{"key": "draftRequested"}]'),
  ('Booking requested by the merchant before the payment arrived', '[{"key": "bookingBeforePayment"}]'),
  ('Confirmation requested', '[{"key": "confirmRequested"}]'),
  ('Label printed', '[{"key": "labelPrinted"}]'),
  ('The hold in Shopify was released', '[{"key": "holdReleasedShort"}]'),
  ('The hold in Shopify was released: the shipment may be booked', '[{"key": "holdReleasedMayBook"}]'),
  ('The draft has no courier yet: choose one, then confirm', '[{"key": "draftNoCourierYet"}]'),
  ('The draft is not ready: choose a courier, then confirm', '[{"key": "draftNotReady"}]'),
  ('Store order updated in Shopify', '[{"key": "storeOrderUpdated"}]'),
  ('The order now needs shipping', '[{"key": "orderNowNeedsShipping"}]'),
  ('The order was edited in Shopify; its new state comes with Shopify''s next order update', '[{"key": "editPending"}]'),
  ('Store order cancelled before it was received: nothing to ship', '[{"key": "cancelledBeforeReceived"}]'),
  ('Shopify not updated: the shop has no session (reinstall the app)', '[{"key": "shopifyNotUpdatedNoSession"}]'),
  ('Recipient''s personal data removed at the customer''s request', '[{"key": "recipientRemoved"}]'),
  ('Not fulfilled in Shopify yet: this courier service gives the waybill after the booking; the order is fulfilled with it when it arrives', '[{"key": "fulfillmentWaitsWaybill"}]'),
  ('The return was already processed in Shopify', '[{"key": "returnAlreadyProcessed"}]'),
  ('Left for you in Shopify (restocking returns is off)', '[{"key": "leftRestockOff"}]'),
  ('The order or its fulfillment is gone in Shopify', '[{"key": "orderOrFulfillmentGone"}]'),
  ('Not fulfilled in Shopify by the app: left for you', '[{"key": "notFulfilledLeft"}]'),
  ('The order was already cancelled in Shopify', '[{"key": "orderAlreadyCancelledShopify"}]'),
  ('Prepaid: left for you to refund', '[{"key": "prepaidLeft"}]'),
  ('Unpaid, not cash on delivery: left for you', '[{"key": "unpaidNotCodLeft"}]'),
  ('Left open (cancelling returned COD orders is off)', '[{"key": "leftOpenCancelOff"}]'),
  ('COD collected; the order is left for you to mark paid (settings)', '[{"key": "codLeftToMark"}]'),
  ('Order gone in Shopify', '[{"key": "orderGoneInShopify"}]'),
  ('The order was already cancelled at the service', '[{"key": "alreadyCancelledAtService"}]'),
  ('Shopify has no such order in this shop that the app may read: the delivery that named this shop carried another shop''s order, or the order was deleted, or it is older than the 60 days of orders Shopify lets the app read. Nothing was drafted or booked, and its data was not kept', '[{"key": "disownedOrder"}]'),
  ('The app cannot reach this shop''s Shopify admin to check that the order is the shop''s (no access token: open the app in the Shopify admin once, then retry). Nothing is booked until then', '[{"key": "unverifiedOrder"}]'),
  ('The app cannot reach this shop''s Shopify admin to read which location ships the order (no access token: open the app in the Shopify admin once, then retry). Nothing is drafted until then', '[{"key": "unreachableShopify"}]'),
  ('The hold could not be released: the app has no access token for this shop (release it in Shopify)', '[{"key": "holdNotReleasedNoToken"}]'),
  ('Not held in Shopify while booking: the app has no access token for this shop', '[{"key": "notHeldNoToken"}]'),
  ('The draft no longer exists at the shipping service: retry to create a new one', '[{"key": "draftGone"}]'),
  ('No open fulfillment order in Shopify (already fulfilled by hand?)', '[{"key": "noOpenFulfillmentOrder"}]'),
  ('Waiting for payment', '[{"key": "waitingForPaymentShort"}]'),
  ('The order has no shipping address. Add a shipping address to the order in Shopify.', '[{"key": "noShippingAddress"}]'),
  ('No phone number for the recipient (shipping address, customer or order). Add a phone number to the order''s shipping address in Shopify.', '[{"key": "noDestinationPhone"}]'),
  ('The shipping address has no postal code. Correct the postal code of the order''s shipping address in Shopify.', '[{"key": "noPostalCode"}]'),
  ('No pickup location is set. Set a pickup location in the app''s settings, then retry.', '[{"key": "noPickupLocation"}]'),
  ('The draft has no courier. Choose a courier on the shipment''s page, then confirm.', '[{"key": "draftWithoutCourier"}]'),
  ('The app is not installed on this shop any more: nothing is booked or changed at the shipping service', '[{"key": "notInstalled"}]'),
  ('No shipping API key is set: add one in the app''s settings, then retry', '[{"key": "noApiKey"}]'),
  ('The store order''s data is missing (redacted, or never received: import it from the shipments page)', '[{"key": "orderDataMissing"}]'),
  ('The recipient''s personal data was removed at the customer''s request: the app no longer books this order', '[{"key": "redactedNoBooking"}]'),
  ('Shopify no longer has this order: the collected cash on delivery could not be recorded on it', '[{"key": "codOrderGone"}]'),
  ('The shipment is gone', '[{"key": "shipmentGone"}]'),
  ('The store order was cancelled in Shopify: nothing is shipped', '[{"key": "orderCancelled"}]'),
  ('No shipment needed: the order was already fulfilled in Shopify', '[{"key": "alreadyFulfilled"}]'),
  ('No shipment needed: every item that needs shipping was already fulfilled, refunded or removed', '[{"key": "nothingLeftToShip"}]'),
  ('No shipment needed: nothing in the order needs shipping (digital goods, services or gift cards)', '[{"key": "nothingToShip"}]'),
  ('No shipment needed: the customer picks the order up (local pickup)', '[{"key": "localPickup"}]'),
  ('No shipment needed: the shop delivers the order itself (local delivery)', '[{"key": "localDelivery"}]'),
  ('No shipment needed: the order has no shipping address', '[{"key": "noAddressNoShipment"}]'),
  ('No shipment needed: the order''s other shipments carry everything left to ship', '[{"key": "othersCarryAll"}]'),
  ('No shipment needed: nothing is left to ship from its location', '[{"key": "nothingLeft"}]')
) AS v("message", "said") WHERE e."message" = v."message" AND e."said" IS NULL;
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'orderReceived', 'values', jsonb_build_object('name', m[1]))) FROM (SELECT "id", regexp_match("message", '^Store order (.+) received$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Store order (.+) received$') AS r WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'orderReadFromShopify', 'values', jsonb_build_object('name', m[1]))) FROM (SELECT "id", regexp_match("message", '^Store order (.+) read from Shopify \(not received by webhook\)$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Store order (.+) read from Shopify \(not received by webhook\)$') AS r WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'bookedOrderNoWaybill', 'values', jsonb_build_object('id', m[1]))), "message" = 'The waybill comes when the courier issues it' FROM (SELECT "id", regexp_match("message", '^Order (\S+), waybill pending$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Order (\S+), waybill pending$') AS r WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'bookedOrder', 'values', jsonb_build_object('id', m[1], 'waybill', m[2]))), "message" = 'Waybill ' || m[2] FROM (SELECT "id", regexp_match("message", '^Order (\S+), waybill (\S+)$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Order (\S+), waybill (\S+)$') AS r WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'replacedByAttempt', 'values', jsonb_build_object('attempt', m[1]))) FROM (SELECT "id", regexp_match("message", '^Replaced by shipment attempt (\d+)$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Replaced by shipment attempt (\d+)$') AS r WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'draftDeletedCancelled', 'values', jsonb_build_object('id', m[1]))), "message" = 'Draft deleted: the store order was cancelled meanwhile' FROM (SELECT "id", regexp_match("message", '^Draft (\S+) deleted: the store order was cancelled meanwhile$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Draft (\S+) deleted: the store order was cancelled meanwhile$') AS r WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'fulfilledWithNotified', 'values', jsonb_build_object('waybill', m[1]))), "message" = 'Fulfilled in Shopify with waybill ' || m[1] || ', customer notified' FROM (SELECT "id", regexp_match("message", '^Fulfilled in Shopify with (\S+), customer notified$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Fulfilled in Shopify with (\S+), customer notified$') AS r WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'fulfilledWith', 'values', jsonb_build_object('waybill', m[1]))), "message" = 'Fulfilled in Shopify with waybill ' || m[1] FROM (SELECT "id", regexp_match("message", '^Fulfilled in Shopify with (\S+)$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Fulfilled in Shopify with (\S+)$') AS r WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'attemptRecorded', 'values', jsonb_build_object('attempt', m[1], 'previous', m[2], 'reference', m[3]))), "message" = 'Shipment attempt ' || m[1] || ' of the order (after attempt ' || m[2] || ' was cancelled)' FROM (SELECT "id", regexp_match("message", '^Shipment attempt (\d+) of the order \(after attempt (\d+) was cancelled\), reference (\S+)$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Shipment attempt (\d+) of the order \(after attempt (\d+) was cancelled\), reference (\S+)$') AS r WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "shipment_events" e SET "said" = jsonb_build_array(jsonb_build_object('key', 'partRecorded', 'values', jsonb_build_object('part', m[1], 'location', m[2], 'reference', m[3]))), "message" = 'Shipment ' || m[1] || ' of the order: the items Shopify assigned to ' || m[2] FROM (SELECT "id", regexp_match("message", '^Shipment (\d+) of the order: the items Shopify assigned to (.+), reference (\S+)$') AS m FROM "shipment_events" WHERE "said" IS NULL AND "message" ~ '^Shipment (\d+) of the order: the items Shopify assigned to (.+), reference (\S+)$') AS r WHERE e."id" = r."id";
