import type { ActionFunctionArgs } from "@remix-run/node";
import { takeShippingEvent } from "../webhooks/shipping-events.server";

/** POST /webhooks/shipping/<token>: one shop's events from the shipping service (app/webhooks/shipping-events.server.ts). */
export const action = ({ request }: ActionFunctionArgs) => takeShippingEvent(request);
