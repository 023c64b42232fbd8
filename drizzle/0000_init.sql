CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"state" text NOT NULL,
	"isOnline" boolean DEFAULT false NOT NULL,
	"scope" text,
	"expires" timestamp,
	"accessToken" text NOT NULL,
	"userId" bigint,
	"firstName" text,
	"lastName" text,
	"email" text,
	"accountOwner" boolean,
	"locale" text,
	"collaborator" boolean,
	"emailVerified" boolean,
	"refreshToken" text,
	"refreshTokenExpires" timestamp
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"actor" text NOT NULL,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop" text NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text,
	"customer_id" text,
	"reference_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"problem" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draft_order_id" text,
	"shipping_order_id" text,
	"courier_company" text,
	"courier_type" text,
	"waybill_id" text,
	"tracking_id" text,
	"tracking_url" text,
	"price" numeric(14, 2),
	"currency" text,
	"destination_name" text,
	"destination_phone" text,
	"destination_email" text,
	"destination_address" text,
	"destination_city" text,
	"destination_postal_code" text,
	"redacted_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"shop" text PRIMARY KEY NOT NULL,
	"installed" boolean DEFAULT true NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uninstalled_at" timestamp with time zone,
	"shipping_api_key_encrypted" text,
	"shipping_api_key_hint" text,
	"shipping_mode" text,
	"shipping_base_url" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"event_id" text,
	"shop" text NOT NULL,
	"topic" text NOT NULL,
	"resource_id" text,
	"triggered_at" timestamp with time zone,
	"payload" jsonb,
	"status" text DEFAULT 'received' NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_shop_idx" ON "session" USING btree ("shop");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_shop_order_uq" ON "shipments" USING btree ("shop","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_shop_reference_uq" ON "shipments" USING btree ("shop","reference_id");--> statement-breakpoint
CREATE INDEX "shipments_shop_status_updated_idx" ON "shipments" USING btree ("shop","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "shipments_shop_updated_idx" ON "shipments" USING btree ("shop","updated_at","id");--> statement-breakpoint
CREATE INDEX "shipments_shop_customer_idx" ON "shipments" USING btree ("shop","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_inbox_webhook_id_uq" ON "webhook_inbox" USING btree ("webhook_id");--> statement-breakpoint
CREATE INDEX "webhook_inbox_shop_topic_idx" ON "webhook_inbox" USING btree ("shop","topic","resource_id");--> statement-breakpoint
CREATE INDEX "webhook_inbox_status_idx" ON "webhook_inbox" USING btree ("status","received_at");