ALTER TABLE "shipments" ADD COLUMN "shopify_hold" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "app_hold_id" text;--> statement-breakpoint
CREATE INDEX "shipments_shop_fulfillment_order_idx" ON "shipments" USING btree ("shop","fulfillment_order_id") WHERE fulfillment_order_id is not null;