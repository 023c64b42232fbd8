ALTER TABLE "shipments" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cod_settlement" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cod_settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shipments_shop_delivered_idx" ON "shipments" USING btree ("shop","delivered_at") WHERE delivered_at is not null;--> statement-breakpoint
CREATE INDEX "shipments_shop_returned_idx" ON "shipments" USING btree ("shop","returned_at") WHERE returned_at is not null;