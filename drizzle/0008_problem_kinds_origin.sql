ALTER TABLE "shipments" ADD COLUMN "problem_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "origin_location_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "origin_name" text;--> statement-breakpoint
CREATE INDEX "shipments_shop_problem_updated_idx" ON "shipments" USING btree ("shop","updated_at","id") WHERE problem is not null;--> statement-breakpoint
-- Problems written before kinds existed get theirs from the texts the app wrote (app/shipments/problem-kinds.ts
-- names the kinds); a mapping problem from the codes it kept in "problems"; anything else is "other".
UPDATE "shipments" SET "problem_kinds" = CASE
  WHEN "problem" LIKE 'Shopify refused the fulfilment%' THEN ARRAY['shopify']
  WHEN "problem" LIKE 'Changed in Shopify after the shipment was booked%' OR "problem" LIKE '%it cannot be cancelled at the service%' THEN ARRAY['after_booking']
  WHEN "problem" LIKE 'No shipping API key is set%' OR "problem" LIKE 'The shipping service refused the API key%' OR "problem" LIKE 'The app is not installed on this shop%' OR "problem" LIKE 'The app cannot reach this shop''s Shopify admin%' THEN ARRAY['setup']
  WHEN "problem" LIKE 'The shipping service refused the shipment%' OR "problem" LIKE 'The draft no longer exists at the shipping service%' OR "problem" LIKE 'A draft with reference % already exists at the shipping service%' THEN ARRAY['service']
  WHEN "problem" LIKE '%Choose a courier on the shipment''s page, then confirm.' THEN ARRAY['courier']
  WHEN "problem" LIKE 'The recipient''s personal data was removed%' OR "problem" LIKE 'The store order''s data is missing%' OR "problem" LIKE 'Shopify sent this order in a shape the app cannot read%' THEN ARRAY['order']
  ELSE coalesce((
    SELECT array_agg(DISTINCT CASE p->>'code'
      WHEN 'no_pickup_location' THEN 'setup'
      WHEN 'zero_weight' THEN 'items'
      WHEN 'weightless_line' THEN 'items'
      WHEN 'cod_too_high' THEN 'order'
      WHEN 'courier_not_offered' THEN 'courier'
      ELSE 'address' END)
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof("problems") = 'array' THEN "problems" ELSE '[]'::jsonb END) AS p
    WHERE (p->>'blocking')::boolean AND p->>'code' IN ('no_pickup_location', 'no_shipping_address', 'no_destination_phone', 'no_destination_locator', 'courier_needs_coordinates', 'zero_weight', 'weightless_line', 'cod_too_high', 'courier_not_offered')
  ), ARRAY['other'])
END
WHERE "problem" IS NOT NULL;--> statement-breakpoint
-- Drafts made before the origin was recorded left from the shop's default pickup location of the
-- time; the default now is the best knowledge of it (a default changed since cannot be told).
UPDATE "shipments" AS s SET "origin_location_id" = sh."settings"->'pickup'->>'locationId', "origin_name" = sh."settings"->'pickup'->>'contactName'
FROM "shops" AS sh
WHERE sh."shop" = s."shop" AND (s."draft_order_id" IS NOT NULL OR s."shipping_order_id" IS NOT NULL) AND jsonb_typeof(sh."settings"->'pickup') = 'object';
