import type { ActionFunctionArgs } from "@remix-run/node";
import { takeShippingEvent } from "../webhooks/shipping-events.server";

/**
 * POST /webhooks/shipping, the events URL before each shop had its own: the service's
 * registration ping answers 200; an event answers 410 with where events go now
 * (app/webhooks/shipping-events.server.ts).
 */
export const action = ({ request }: ActionFunctionArgs) => takeShippingEvent(request);
