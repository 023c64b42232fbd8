-- The shipping service has no `in_transit` order status (its 14 statuses go picked → dropping_off);
-- shipments that took it from an older sandbox move back to `picked`, whose rank it shared.
UPDATE "shipments" SET "status" = 'picked' WHERE "status" = 'in_transit';
