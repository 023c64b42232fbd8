CREATE TABLE "cod_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop" text NOT NULL,
	"courier" text NOT NULL,
	"received_on" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"expected" numeric(14, 2) NOT NULL,
	"parcels" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cod_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cod_payout_id" uuid;--> statement-breakpoint
ALTER TABLE "cod_payouts" ADD CONSTRAINT "cod_payouts_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_payouts_shop_received_idx" ON "cod_payouts" USING btree ("shop","received_on");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_cod_payout_id_cod_payouts_id_fk" FOREIGN KEY ("cod_payout_id") REFERENCES "public"."cod_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_cod_payout_idx" ON "shipments" USING btree ("cod_payout_id") WHERE cod_payout_id is not null;