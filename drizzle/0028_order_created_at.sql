ALTER TABLE "shipments" ADD COLUMN "order_created_at" timestamp with time zone;--> statement-breakpoint
-- The order date of shipments made before it was kept: the order's created_at as Shopify sent it
-- (any delivery of the order that still holds its payload), where it reads as an ISO time.
UPDATE "shipments" s SET "order_created_at" = o.placed
FROM (
  SELECT DISTINCT ON (shop, resource_id) shop, resource_id,
    (payload->>'created_at')::timestamptz AS placed
  FROM "webhook_inbox"
  WHERE payload IS NOT NULL
    AND jsonb_typeof(payload) = 'object'
    AND payload->>'created_at' ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$'
  ORDER BY shop, resource_id, id
) o
WHERE s.shop = o.shop AND s.order_id = o.resource_id AND s.order_created_at IS NULL;
