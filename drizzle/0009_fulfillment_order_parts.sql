DROP INDEX "shipments_shop_order_attempt_uq";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "part" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "fulfillment_order_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shopify_location_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shopify_location_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_shop_order_part_attempt_uq" ON "shipments" USING btree ("shop","order_id","part","attempt");