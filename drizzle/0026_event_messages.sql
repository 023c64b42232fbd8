ALTER TABLE "shipment_events" ADD COLUMN "said" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shopify_hold_said" jsonb;