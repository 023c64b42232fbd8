CREATE TABLE "shipping_cost_hours" (
	"shop" text NOT NULL,
	"courier" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"parcels" integer DEFAULT 0 NOT NULL,
	"charged" numeric(16, 2) DEFAULT '0' NOT NULL,
	"charged_parcels" integer DEFAULT 0 NOT NULL,
	"quoted" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(16, 2) DEFAULT '0' NOT NULL,
	"surcharges" numeric(16, 2) DEFAULT '0' NOT NULL,
	"surcharged" integer DEFAULT 0 NOT NULL,
	"return_fees" numeric(16, 2) DEFAULT '0' NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"cod_fees" numeric(16, 2) DEFAULT '0' NOT NULL,
	"insurance_fees" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "quoted_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "insurance_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shipping_charged" numeric(14, 2);--> statement-breakpoint
-- Parcels booked before costs were kept: their price as last known is the best quote there is.
UPDATE "shipments" SET "quoted_price" = "price" WHERE "shipping_order_id" IS NOT NULL AND "price" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_cost_hours" ADD CONSTRAINT "shipping_cost_hours_shop_shops_shop_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("shop") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_cost_hours_pk" ON "shipping_cost_hours" USING btree ("shop","hour","courier");--> statement-breakpoint
CREATE INDEX "shipments_shop_booked_costs_idx" ON "shipments" USING btree ("shop","created_at") WHERE quoted_price is not null;--> statement-breakpoint
CREATE INDEX "shipments_shop_surcharged_idx" ON "shipments" USING btree ("shop","created_at") WHERE price - coalesce(return_fee, 0) > quoted_price;--> statement-breakpoint
-- The costs page's totals (app/costs/report.server.ts), kept as booked parcels change: one booked
-- parcel's figures, added (sign 1) to or taken out of (sign -1) its hour's row. A booked parcel has
-- a quote and is not cancelled; anything else counts nowhere.
CREATE FUNCTION shipping_costs_add(s shipments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF s.quoted_price IS NULL OR s.status = 'cancelled' THEN
    RETURN;
  END IF;
  INSERT INTO shipping_cost_hours AS h (shop, courier, hour, parcels, charged, charged_parcels, quoted, paid, surcharges, surcharged, return_fees, returned, cod_fees, insurance_fees)
  VALUES (
    s.shop, coalesce(s.courier_company, ''), date_trunc('hour', s.created_at, 'UTC'),
    sign,
    sign * coalesce(s.shipping_charged, 0),
    sign * (s.shipping_charged IS NOT NULL)::int,
    sign * s.quoted_price,
    sign * coalesce(s.price, 0),
    sign * greatest(coalesce(s.price, 0) - coalesce(s.return_fee, 0) - s.quoted_price, 0),
    sign * (coalesce(s.price, 0) - coalesce(s.return_fee, 0) > s.quoted_price)::int,
    sign * coalesce(s.return_fee, 0),
    sign * (coalesce(s.return_fee, 0) > 0)::int,
    sign * coalesce(s.cod_fee, 0),
    sign * coalesce(s.insurance_fee, 0))
  ON CONFLICT (shop, hour, courier) DO UPDATE SET
    parcels = h.parcels + excluded.parcels,
    charged = h.charged + excluded.charged,
    charged_parcels = h.charged_parcels + excluded.charged_parcels,
    quoted = h.quoted + excluded.quoted,
    paid = h.paid + excluded.paid,
    surcharges = h.surcharges + excluded.surcharges,
    surcharged = h.surcharged + excluded.surcharged,
    return_fees = h.return_fees + excluded.return_fees,
    returned = h.returned + excluded.returned,
    cod_fees = h.cod_fees + excluded.cod_fees,
    insurance_fees = h.insurance_fees + excluded.insurance_fees;
END
$$;--> statement-breakpoint
-- A row's old figures out, its new ones in. A parcel deleted with its shop (the shop's rows go
-- too) is left alone.
CREATE FUNCTION shipping_costs_roll() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR (TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM shops WHERE shop = OLD.shop)) THEN
    PERFORM shipping_costs_add(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM shipping_costs_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO shipping_cost_hours (shop, courier, hour, parcels, charged, charged_parcels, quoted, paid, surcharges, surcharged, return_fees, returned, cod_fees, insurance_fees)
SELECT shop, coalesce(courier_company, ''), date_trunc('hour', created_at, 'UTC'),
  count(*),
  coalesce(sum(shipping_charged), 0),
  count(shipping_charged),
  sum(quoted_price),
  coalesce(sum(price), 0),
  coalesce(sum(greatest(coalesce(price, 0) - coalesce(return_fee, 0) - quoted_price, 0)), 0),
  count(*) FILTER (WHERE coalesce(price, 0) - coalesce(return_fee, 0) > quoted_price),
  coalesce(sum(return_fee), 0),
  count(*) FILTER (WHERE return_fee > 0),
  coalesce(sum(cod_fee), 0),
  coalesce(sum(insurance_fee), 0)
FROM shipments
WHERE quoted_price IS NOT NULL AND status <> 'cancelled'
GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE TRIGGER shipping_costs_inserted AFTER INSERT ON shipments FOR EACH ROW
  WHEN (NEW.quoted_price IS NOT NULL) EXECUTE FUNCTION shipping_costs_roll();--> statement-breakpoint
CREATE TRIGGER shipping_costs_changed AFTER UPDATE ON shipments FOR EACH ROW
  WHEN ((OLD.quoted_price IS NOT NULL OR NEW.quoted_price IS NOT NULL) AND (
    OLD.quoted_price IS DISTINCT FROM NEW.quoted_price
    OR OLD.price IS DISTINCT FROM NEW.price
    OR OLD.return_fee IS DISTINCT FROM NEW.return_fee
    OR OLD.shipping_charged IS DISTINCT FROM NEW.shipping_charged
    OR OLD.cod_fee IS DISTINCT FROM NEW.cod_fee
    OR OLD.insurance_fee IS DISTINCT FROM NEW.insurance_fee
    OR OLD.courier_company IS DISTINCT FROM NEW.courier_company
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR (OLD.status = 'cancelled') <> (NEW.status = 'cancelled')))
  EXECUTE FUNCTION shipping_costs_roll();--> statement-breakpoint
CREATE TRIGGER shipping_costs_deleted AFTER DELETE ON shipments FOR EACH ROW
  WHEN (OLD.quoted_price IS NOT NULL) EXECUTE FUNCTION shipping_costs_roll();
