ALTER TABLE "shipments" ADD COLUMN "quoted_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "insurance_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shipping_charged" numeric(14, 2);--> statement-breakpoint
-- Parcels booked before costs were kept: their price as last known is the best quote there is.
UPDATE "shipments" SET "quoted_price" = "price" WHERE "shipping_order_id" IS NOT NULL AND "price" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shipments_shop_booked_costs_idx" ON "shipments" USING btree ("shop","created_at") WHERE quoted_price is not null;--> statement-breakpoint
CREATE INDEX "shipments_shop_surcharged_idx" ON "shipments" USING btree ("shop","created_at") WHERE price - coalesce(return_fee, 0) > quoted_price;