CREATE TABLE "order_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "shipments_shop_order_uq";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "financial_status" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "awaiting_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "chosen_courier" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "order_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "contents" jsonb;--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_imports_shop_idx" ON "order_imports" USING btree ("shop","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_shop_order_attempt_uq" ON "shipments" USING btree ("shop","order_id","attempt");