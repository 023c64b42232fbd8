CREATE TABLE "fulfillment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"entry_key" text NOT NULL,
	"service_status" text NOT NULL,
	"note" text,
	"happened_at" timestamp with time zone NOT NULL,
	"shopify_status" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"fulfillment_id" text,
	"shopify_event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fulfillment_events" ADD CONSTRAINT "fulfillment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_events_entry_uq" ON "fulfillment_events" USING btree ("shipment_id","entry_key");--> statement-breakpoint
CREATE INDEX "fulfillment_events_shipment_idx" ON "fulfillment_events" USING btree ("shipment_id","happened_at","id");