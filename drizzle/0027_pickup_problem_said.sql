-- A return pickup's problem is kept as data too (app/i18n/said.ts). Rows written before: those
-- whose text is one of the app's fixed messages, or says the return's status, get that message;
-- any other text is shown as it was written.
ALTER TABLE "return_pickups" ADD COLUMN "problem_said" jsonb;
--> statement-breakpoint
UPDATE "return_pickups" SET "problem_said" = '[{"key": "pickupOriginalUnknown"}]'::jsonb WHERE "problem" = 'The original parcel''s booking is not known: nothing was booked' AND "problem_said" IS NULL;
--> statement-breakpoint
UPDATE "return_pickups" SET "problem_said" = '[{"key": "pickupReturnGone"}]'::jsonb WHERE "problem" = 'Shopify no longer has this return: nothing was booked' AND "problem_said" IS NULL;
--> statement-breakpoint
UPDATE "return_pickups" SET "problem_said" = '[{"key": "pickupNoLines"}]'::jsonb WHERE "problem" = 'The return has no lines to pick up: nothing was booked' AND "problem_said" IS NULL;
--> statement-breakpoint
UPDATE "return_pickups" SET "problem_said" = '[{"key": "pickupReturnNotOpen", "values": {"status": {"key": "returnStatus_declined"}}}]'::jsonb WHERE "problem" = 'The return is declined in Shopify: nothing was booked' AND "problem_said" IS NULL;
--> statement-breakpoint
UPDATE "return_pickups" SET "problem_said" = '[{"key": "pickupReturnNotOpen", "values": {"status": {"key": "returnStatus_closed"}}}]'::jsonb WHERE "problem" = 'The return is closed in Shopify: nothing was booked' AND "problem_said" IS NULL;
--> statement-breakpoint
UPDATE "return_pickups" SET "problem_said" = '[{"key": "pickupReturnNotOpen", "values": {"status": {"key": "returnStatus_canceled"}}}]'::jsonb WHERE "problem" = 'The return is canceled in Shopify: nothing was booked' AND "problem_said" IS NULL;
