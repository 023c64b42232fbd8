ALTER TABLE "shipments" ADD COLUMN "order_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "disowned_at" timestamp with time zone;--> statement-breakpoint
-- Shipments that reached the shipping service before the ownership check existed are not asked
-- about: a "no" now (an order older than 60 days, one deleted since) could only hide a booking
-- that exists at the service. From now on create-draft asks before any draft is made.
UPDATE "shipments" SET "order_verified_at" = "created_at" WHERE "draft_order_id" IS NOT NULL OR "shipping_order_id" IS NOT NULL;
