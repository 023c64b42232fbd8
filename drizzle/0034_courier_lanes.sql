CREATE TABLE "courier_lane_days" (
	"shop" text NOT NULL,
	"courier" text NOT NULL,
	"service" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"day" date NOT NULL,
	"transit_q" integer NOT NULL,
	"parcels" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	"first_attempt" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"cod" integer DEFAULT 0 NOT NULL,
	"price" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "lane_province" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "lane_city" text;--> statement-breakpoint
ALTER TABLE "courier_lane_days" ADD CONSTRAINT "courier_lane_days_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_lane_days_pk" ON "courier_lane_days" USING btree ("shop","day","courier","service","province","city","transit_q");--> statement-breakpoint
CREATE INDEX "courier_lane_days_province_idx" ON "courier_lane_days" USING btree ("shop","province","day");--> statement-breakpoint
-- Parcels booked before: their lane from the label kept at booking, their pickup and failed
-- attempts from the courier history already recorded.
UPDATE "shipments" SET "lane_province" = "label"->'receiver'->>'province', "lane_city" = "label"->'receiver'->>'city' WHERE "label" IS NOT NULL;--> statement-breakpoint
UPDATE "shipments" s SET "picked_up_at" = e.picked, "failed_attempts" = e.failed
FROM (
  SELECT shipment_id,
    min(happened_at) FILTER (WHERE service_status = 'picked') AS picked,
    count(*) FILTER (WHERE shopify_status = 'ATTEMPTED_DELIVERY')::int AS failed
  FROM fulfillment_events GROUP BY shipment_id
) e
WHERE e.shipment_id = s.id;--> statement-breakpoint
-- The courier performance figures (app/couriers/), kept as booked parcels change: one booked
-- parcel, added (sign 1) to or taken out of (sign -1) its lane's row for its day and its time
-- from pickup to delivery in quarter days (rounded up, at most 60 days; -1 when not delivered or
-- not picked up as far as the history says). A parcel turned back (on its way back, returned or
-- disposed of) and a delivered one have an outcome.
CREATE FUNCTION courier_lanes_add(s shipments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  q integer := -1;
BEGIN
  IF s.quoted_price IS NULL OR s.status = 'cancelled' THEN
    RETURN;
  END IF;
  IF s.status = 'delivered' AND s.picked_up_at IS NOT NULL AND s.delivered_at IS NOT NULL THEN
    q := least(greatest(ceil(extract(epoch FROM s.delivered_at - s.picked_up_at) / 21600), 0), 240)::integer;
  END IF;
  INSERT INTO courier_lane_days AS d (shop, courier, service, province, city, day, transit_q, parcels, finished, first_attempt, returned, cod, price)
  VALUES (
    s.shop, coalesce(s.courier_company, ''), coalesce(s.courier_type, ''),
    coalesce(s.lane_province, ''), coalesce(s.lane_city, ''),
    (s.created_at AT TIME ZONE 'UTC')::date, q,
    sign,
    sign * (s.status IN ('delivered', 'return_in_transit', 'returned', 'disposed'))::int,
    sign * (s.status = 'delivered' AND s.failed_attempts = 0)::int,
    sign * (s.status IN ('return_in_transit', 'returned', 'disposed'))::int,
    sign * coalesce(jsonb_typeof(s.contents->'cod') = 'number', false)::int,
    sign * (coalesce(s.price, 0) - coalesce(s.return_fee, 0)))
  ON CONFLICT (shop, day, courier, service, province, city, transit_q) DO UPDATE SET
    parcels = d.parcels + excluded.parcels,
    finished = d.finished + excluded.finished,
    first_attempt = d.first_attempt + excluded.first_attempt,
    returned = d.returned + excluded.returned,
    cod = d.cod + excluded.cod,
    price = d.price + excluded.price;
END
$$;--> statement-breakpoint
-- A row's old figures out, its new ones in. A parcel deleted with its shop (the shop's rows go
-- too) is left alone.
CREATE FUNCTION courier_lanes_roll() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR (TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM shops WHERE shop = OLD.shop)) THEN
    PERFORM courier_lanes_add(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM courier_lanes_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The parcels booked so far, counted once through the same function.
SELECT courier_lanes_add(s, 1) FROM shipments s WHERE s.quoted_price IS NOT NULL AND s.status <> 'cancelled';--> statement-breakpoint
CREATE TRIGGER courier_lanes_inserted AFTER INSERT ON shipments FOR EACH ROW
  WHEN (NEW.quoted_price IS NOT NULL) EXECUTE FUNCTION courier_lanes_roll();--> statement-breakpoint
CREATE TRIGGER courier_lanes_changed AFTER UPDATE ON shipments FOR EACH ROW
  WHEN ((OLD.quoted_price IS NOT NULL OR NEW.quoted_price IS NOT NULL) AND (
    (OLD.quoted_price IS NULL) <> (NEW.quoted_price IS NULL)
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.price IS DISTINCT FROM NEW.price
    OR OLD.return_fee IS DISTINCT FROM NEW.return_fee
    OR OLD.courier_company IS DISTINCT FROM NEW.courier_company
    OR OLD.courier_type IS DISTINCT FROM NEW.courier_type
    OR OLD.lane_province IS DISTINCT FROM NEW.lane_province
    OR OLD.lane_city IS DISTINCT FROM NEW.lane_city
    OR OLD.picked_up_at IS DISTINCT FROM NEW.picked_up_at
    OR OLD.delivered_at IS DISTINCT FROM NEW.delivered_at
    OR OLD.failed_attempts IS DISTINCT FROM NEW.failed_attempts
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR (OLD.contents->'cod') IS DISTINCT FROM (NEW.contents->'cod')))
  EXECUTE FUNCTION courier_lanes_roll();--> statement-breakpoint
CREATE TRIGGER courier_lanes_deleted AFTER DELETE ON shipments FOR EACH ROW
  WHEN (OLD.quoted_price IS NOT NULL) EXECUTE FUNCTION courier_lanes_roll();
