DROP INDEX "shops_callback_token_idx";--> statement-breakpoint
DROP INDEX "shops_callback_token_previous_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "shops_callback_token_hash_idx" ON "shops" USING btree ("callback_token_hash");--> statement-breakpoint
CREATE INDEX "shops_callback_token_previous_hash_idx" ON "shops" USING btree ("callback_token_previous_hash");--> statement-breakpoint
ALTER TABLE "shops" DROP COLUMN "callback_token";--> statement-breakpoint
ALTER TABLE "shops" DROP COLUMN "callback_token_previous";--> statement-breakpoint
ALTER TABLE "shops" DROP COLUMN "carrier_callback_token";