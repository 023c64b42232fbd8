-- The shop's time zone as Shopify names it (shop.ianaTimezone), read once and kept: the admin
-- writes times in it (WIB, WITA, WIT). Null until read; shops installed before are read at their
-- next admin page.
ALTER TABLE "shops" ADD COLUMN "iana_timezone" text;