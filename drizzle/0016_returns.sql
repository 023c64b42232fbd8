ALTER TABLE "shipments" ADD COLUMN "shopify_return_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_restocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_outcome" text;