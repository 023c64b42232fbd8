CREATE TABLE "return_pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop" text NOT NULL,
	"shopify_return_id" text NOT NULL,
	"order_id" text NOT NULL,
	"shipment_id" uuid,
	"status" text DEFAULT 'approved' NOT NULL,
	"problem" text,
	"courier_company" text,
	"courier_type" text,
	"price" numeric(14, 2),
	"lines" jsonb,
	"draft_order_id" text,
	"shipping_order_id" text,
	"service_status" text,
	"waybill_id" text,
	"tracking_url" text,
	"reverse_delivery_id" text,
	"booked_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_pickups_shop_return_uq" ON "return_pickups" USING btree ("shop","shopify_return_id");--> statement-breakpoint
CREATE INDEX "return_pickups_shop_order_idx" ON "return_pickups" USING btree ("shop","order_id");--> statement-breakpoint
CREATE INDEX "return_pickups_shipping_order_idx" ON "return_pickups" USING btree ("shipping_order_id");