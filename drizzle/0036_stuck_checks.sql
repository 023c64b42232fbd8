CREATE TABLE "stuck_checks" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stuck_checks" ADD CONSTRAINT "stuck_checks_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stuck_checks_due_idx" ON "stuck_checks" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "stuck_checks_shop_due_idx" ON "stuck_checks" USING btree ("shop","due_at");--> statement-breakpoint
-- Each scan the app records (not the finder's own DELAYED entry) makes the parcel's silence due to
-- be looked at a day later (STUCK_FLOOR_MS, app/couriers/stuck.ts: no shorter silence is stuck);
-- the finder moves it on to when the parcel's lane would call it stuck.
CREATE FUNCTION stuck_checks_scan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stuck_checks (shipment_id, shop, due_at)
  VALUES (NEW.shipment_id, NEW.shop, NEW.created_at + interval '1 day')
  ON CONFLICT (shipment_id) DO UPDATE SET due_at = excluded.due_at, shop = excluded.shop;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stuck_checks_scanned AFTER INSERT ON fulfillment_events FOR EACH ROW
  WHEN (NEW.entry_key NOT LIKE 'stuck|%') EXECUTE FUNCTION stuck_checks_scan();--> statement-breakpoint
-- The parcels on their way now, due a day after their latest scan.
INSERT INTO stuck_checks (shipment_id, shop, due_at)
SELECT s.id, s.shop, max(e.created_at) + interval '1 day'
FROM shipments s JOIN fulfillment_events e ON e.shipment_id = s.id
WHERE s.status IN ('picked', 'dropping_off') AND s.problem IS NULL
  AND e.entry_key NOT LIKE 'stuck|%'
GROUP BY s.id, s.shop;
