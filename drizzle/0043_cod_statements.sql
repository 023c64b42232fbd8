CREATE TABLE "cod_dispute_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"shipment_id" uuid,
	"line_id" uuid,
	"kind" text NOT NULL,
	"waybill" text,
	"order_name" text,
	"delivered_at" timestamp with time zone,
	"payout_by" timestamp with time zone,
	"paid_on" date,
	"proof" text,
	"expected" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"difference" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop" text NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"row" integer NOT NULL,
	"waybill" text,
	"reference" text,
	"recipient" text,
	"cod" bigint NOT NULL,
	"fee" bigint,
	"deductions" bigint DEFAULT 0 NOT NULL,
	"deduction_note" text,
	"net" bigint NOT NULL,
	"paid_on" date,
	"shipment_id" uuid,
	"pays" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"expected" bigint,
	"expected_fee" bigint,
	"difference" bigint DEFAULT 0 NOT NULL,
	"deduction_kind" text,
	"charged_for_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cod_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"received_on" date NOT NULL,
	"received_amount" bigint,
	"lines" integer NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_summaries" (
	"shop" text NOT NULL,
	"day" date NOT NULL,
	"recipients" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_summaries_shop_day_pk" PRIMARY KEY("shop","day")
);
--> statement-breakpoint
ALTER TABLE "cod_dispute_items" ADD CONSTRAINT "cod_dispute_items_dispute_id_cod_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."cod_disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_dispute_items" ADD CONSTRAINT "cod_dispute_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_dispute_items" ADD CONSTRAINT "cod_dispute_items_line_id_cod_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."cod_statement_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_disputes" ADD CONSTRAINT "cod_disputes_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_statement_lines" ADD CONSTRAINT "cod_statement_lines_statement_id_cod_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."cod_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_statement_lines" ADD CONSTRAINT "cod_statement_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_statement_lines" ADD CONSTRAINT "cod_statement_lines_charged_for_id_shipments_id_fk" FOREIGN KEY ("charged_for_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_statements" ADD CONSTRAINT "cod_statements_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_summaries" ADD CONSTRAINT "daily_summaries_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_dispute_items_dispute_idx" ON "cod_dispute_items" USING btree ("dispute_id");--> statement-breakpoint
CREATE INDEX "cod_dispute_items_line_idx" ON "cod_dispute_items" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_disputes_shop_number_idx" ON "cod_disputes" USING btree ("shop","number");--> statement-breakpoint
CREATE INDEX "cod_statement_lines_statement_idx" ON "cod_statement_lines" USING btree ("statement_id","row");--> statement-breakpoint
CREATE INDEX "cod_statement_lines_shipment_idx" ON "cod_statement_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_statement_lines_pays_idx" ON "cod_statement_lines" USING btree ("shipment_id") WHERE pays = 1;--> statement-breakpoint
CREATE INDEX "cod_statement_lines_charged_idx" ON "cod_statement_lines" USING btree ("charged_for_id") WHERE charged_for_id is not null;--> statement-breakpoint
CREATE INDEX "cod_statement_lines_shop_kind_idx" ON "cod_statement_lines" USING btree ("shop","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_statements_shop_file_idx" ON "cod_statements" USING btree ("shop","file_hash");--> statement-breakpoint
CREATE INDEX "cod_statements_shop_created_idx" ON "cod_statements" USING btree ("shop","created_at");--> statement-breakpoint
CREATE INDEX "shipments_shop_waybill_idx" ON "shipments" USING btree ("shop","waybill_id") WHERE waybill_id is not null;--> statement-breakpoint
CREATE INDEX "shipments_shop_order_name_idx" ON "shipments" USING btree ("shop","order_name") WHERE order_name is not null;