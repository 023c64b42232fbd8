-- Before one import may run per shop: older duplicates (two clicks at once) are ended.
UPDATE "order_imports" SET "status" = 'failed', "error" = 'Another import of the shop ran at the same time', "finished_at" = now()
WHERE "status" = 'running' AND "id" NOT IN (
  SELECT DISTINCT ON ("shop") "id" FROM "order_imports" WHERE "status" = 'running' ORDER BY "shop", "started_at" DESC
);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "callback_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "callback_token_previous" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "callback_token_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "carrier_callback_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "order_imports_one_running_idx" ON "order_imports" USING btree ("shop") WHERE status = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "shops_callback_token_idx" ON "shops" USING btree ("callback_token");--> statement-breakpoint
CREATE INDEX "shops_callback_token_previous_idx" ON "shops" USING btree ("callback_token_previous");