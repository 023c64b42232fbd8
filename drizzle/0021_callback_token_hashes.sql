-- Callback tokens kept as their SHA-256 (looked up by it) and a sealed copy: the plain values are
-- copied into callback_token_sealed here and sealed by the web and worker processes on start
-- (app/shops/callback-token.server.ts, sealPlainCallbackTokens), which hold the encryption key.
ALTER TABLE "shops" ADD COLUMN "callback_token_hash" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "callback_token_sealed" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "callback_token_previous_hash" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "carrier_callback_token_hash" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "carrier_tokenless_until" timestamp with time zone;--> statement-breakpoint
-- Existing tokens keep working: the same token, now found by its hash. A carrier service
-- registered before tokens is answered without one for 72 hours more, not for ever.
UPDATE "shops" SET
  "callback_token_hash" = encode(sha256(convert_to("callback_token", 'UTF8')), 'hex'),
  "callback_token_sealed" = "callback_token",
  "callback_token_previous_hash" = CASE WHEN "callback_token_previous" IS NOT NULL
    THEN encode(sha256(convert_to("callback_token_previous", 'UTF8')), 'hex') END,
  "carrier_callback_token_hash" = CASE WHEN "carrier_callback_token" IS NOT NULL
    THEN encode(sha256(convert_to("carrier_callback_token", 'UTF8')), 'hex') END,
  "carrier_tokenless_until" = CASE WHEN "carrier_service_id" IS NOT NULL AND "carrier_callback_token" IS NULL
    THEN now() + interval '72 hours' END;
