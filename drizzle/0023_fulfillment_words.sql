-- Shopify's word, fulfillment, everywhere: the shipments' timeline events and the shops' settings
-- recorded under the former words are renamed (the app still reads a setting under its former key).
UPDATE "shipment_events" SET "type" = 'fulfillment_' || substr("type", length('fulfil_') + 1)
  WHERE "type" IN ('fulfil_waiting', 'fulfil_skipped', 'fulfil_refused');--> statement-breakpoint
UPDATE "shipment_events" SET "actor" = 'worker:create-fulfillment' WHERE "actor" = 'worker:fulfil';--> statement-breakpoint
UPDATE "shops"
  SET "settings" = ("settings" - 'fulfilOnConfirm')
    || jsonb_build_object('fulfillOnConfirm', "settings" -> 'fulfilOnConfirm')
  WHERE "settings" ? 'fulfilOnConfirm' AND NOT ("settings" ? 'fulfillOnConfirm');
