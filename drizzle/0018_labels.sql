ALTER TABLE "shipments" ADD COLUMN "label" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_printed_at" timestamp with time zone;