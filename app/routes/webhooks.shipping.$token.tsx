import type { ActionFunctionArgs } from "@remix-run/node";
import { takeShippingEvent } from "../shipping/events.server";

/** POST /webhooks/shipping/<token>: one shop's events from the shipping service (app/shipping/events.server.ts). */
export const action = ({ request }: ActionFunctionArgs) => takeShippingEvent(request);
