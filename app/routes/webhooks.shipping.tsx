import type { ActionFunctionArgs } from "@remix-run/node";
import { takeShippingEvent } from "../shipping/events.server";

/**
 * POST /webhooks/shipping, the events URL before each shop had its own: the service's
 * registration ping answers 200; an event answers 410 with where events go now
 * (app/shipping/events.server.ts).
 */
export const action = ({ request }: ActionFunctionArgs) => takeShippingEvent(request);
