-- Labels print the day the courier was booked (label.bookedAt): labels kept before it was get
-- the time the booking was recorded, from the shipment's "confirmed" timeline line.
UPDATE "shipments" s SET "label" = s."label" || jsonb_build_object('bookedAt', to_jsonb(e.booked))
FROM (
  SELECT "shipment_id", min("created_at") AS booked FROM "shipment_events"
  WHERE "type" = 'confirmed' GROUP BY "shipment_id"
) e
WHERE e."shipment_id" = s."id" AND s."label" IS NOT NULL AND NOT (s."label" ? 'bookedAt');
