CREATE TABLE "cod_buyer_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop" text NOT NULL,
	"phone" text,
	"email" text,
	"customer_id" text,
	"mark" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cod_risk_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cod_buyer_marks" ADD CONSTRAINT "cod_buyer_marks_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_buyer_marks_shop_phone_idx" ON "cod_buyer_marks" USING btree ("shop","phone");--> statement-breakpoint
CREATE INDEX "cod_buyer_marks_shop_email_idx" ON "cod_buyer_marks" USING btree ("shop","email");--> statement-breakpoint
CREATE INDEX "cod_buyer_marks_shop_customer_idx" ON "cod_buyer_marks" USING btree ("shop","customer_id");--> statement-breakpoint
CREATE INDEX "shipments_shop_cod_risky_idx" ON "shipments" USING btree ("shop","updated_at","id") WHERE cod_risk->>'level' in ('medium', 'high');