CREATE TABLE "return_pickup_polls" (
	"pickup_id" uuid PRIMARY KEY NOT NULL,
	"polled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_polls" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"polled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_pickup_polls" ADD CONSTRAINT "return_pickup_polls_pickup_id_return_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."return_pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_polls" ADD CONSTRAINT "shipment_polls_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;