-- Problems and decisions are kept as data too: their messages' kinds and values, said in the
-- reader's language (app/i18n/said.ts). Rows written before: those whose whole text is one of the
-- app's fixed messages get that message; any other text is shown as it was written.
ALTER TABLE "shipments" ADD COLUMN "problem_said" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "decision_said" jsonb;
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "noShippingAddress"}]'::jsonb WHERE "problem" = 'The order has no shipping address. Add a shipping address to the order in Shopify.';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "noDestinationPhone"}]'::jsonb WHERE "problem" = 'No phone number for the recipient (shipping address, customer or order). Add a phone number to the order''s shipping address in Shopify.';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "noPostalCode"}]'::jsonb WHERE "problem" = 'The shipping address has no postal code. Correct the postal code of the order''s shipping address in Shopify.';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "noPickupLocation"}]'::jsonb WHERE "problem" = 'No pickup location is set. Set a pickup location in the app''s settings, then retry.';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "unverifiedOrder"}]'::jsonb WHERE "problem" = 'The app cannot reach this shop''s Shopify admin to check that the order is the shop''s (no access token: open the app in the Shopify admin once, then retry). Nothing is booked until then';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "unreachableShopify"}]'::jsonb WHERE "problem" = 'The app cannot reach this shop''s Shopify admin to read which location ships the order (no access token: open the app in the Shopify admin once, then retry). Nothing is drafted until then';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "draftWithoutCourier"}]'::jsonb WHERE "problem" = 'The draft has no courier. Choose a courier on the shipment''s page, then confirm.';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "notInstalled"}]'::jsonb WHERE "problem" = 'The app is not installed on this shop any more: nothing is booked or changed at the shipping service';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "noApiKey"}]'::jsonb WHERE "problem" = 'No shipping API key is set: add one in the app''s settings, then retry';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "orderDataMissing"}]'::jsonb WHERE "problem" = 'The store order''s data is missing (redacted, or never received: import it from the shipments page)';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "redactedNoBooking"}]'::jsonb WHERE "problem" = 'The recipient''s personal data was removed at the customer''s request: the app no longer books this order';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "codOrderGone"}]'::jsonb WHERE "problem" = 'Shopify no longer has this order: the collected cash on delivery could not be recorded on it';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "draftGone"}]'::jsonb WHERE "problem" = 'The draft no longer exists at the shipping service: retry to create a new one';
--> statement-breakpoint
UPDATE "shipments" SET "problem_said" = '[{"key": "shipmentGone"}]'::jsonb WHERE "problem" = 'The shipment is gone';
--> statement-breakpoint
UPDATE "shipments" SET "decision_said" = '[{"key": "orderCancelled"}]'::jsonb WHERE "decision" = 'The store order was cancelled in Shopify: nothing is shipped';
--> statement-breakpoint
UPDATE "shipments" SET "decision_said" = '[{"key": "alreadyFulfilled"}]'::jsonb WHERE "decision" = 'No shipment needed: the order was already fulfilled in Shopify';
--> statement-breakpoint
UPDATE "shipments" SET "decision_said" = '[{"key": "nothingLeftToShip"}]'::jsonb WHERE "decision" = 'No shipment needed: every item that needs shipping was already fulfilled, refunded or removed';
--> statement-breakpoint
UPDATE "shipments" SET "decision_said" = '[{"key": "nothingToShip"}]'::jsonb WHERE "decision" = 'No shipment needed: nothing in the order needs shipping (digital goods, services or gift cards)';
--> statement-breakpoint
UPDATE "shipments" SET "decision_said" = '[{"key": "localPickup"}]'::jsonb WHERE "decision" = 'No shipment needed: the customer picks the order up (local pickup)';
--> statement-breakpoint
UPDATE "shipments" SET "decision_said" = '[{"key": "localDelivery"}]'::jsonb WHERE "decision" = 'No shipment needed: the shop delivers the order itself (local delivery)';
--> statement-breakpoint
UPDATE "shipments" SET "decision_said" = '[{"key": "noAddressNoShipment"}]'::jsonb WHERE "decision" = 'No shipment needed: the order has no shipping address';
--> statement-breakpoint
UPDATE "shipments" SET "decision_said" = '[{"key": "othersCarryAll"}]'::jsonb WHERE "decision" = 'No shipment needed: the order''s other shipments carry everything left to ship';
--> statement-breakpoint
UPDATE "shipments" SET "decision_said" = '[{"key": "nothingLeft"}]'::jsonb WHERE "decision" = 'No shipment needed: nothing is left to ship from its location';
