import { CODES, TERMINAL_ORDER_STATUSES, type OrderStatus } from "#app/shipping/contract.ts";
import { areaByPostalCode } from "./areas.ts";
import type { OrderRecord } from "./order-record.ts";
import type { ShippingService } from "./service.ts";
import { SandboxError } from "./validation.ts";

/**
 * The courier's whole journey with a parcel, played on the sandbox's clock (the control endpoint
 * `POST /_sandbox/orders/:id/journey`): from where the order is now (all of it, or its next
 * `steps`), each step moves the clock on (`step_minutes`, 180 by default) and records the status with the courier's note, naming the hub
 * or city it happened in, as the live couriers' tracking notes do (in Indonesian). Each step sends
 * its `order.status` event, as any status change does.
 *
 * - `delivered`: picked up, at the destination's hub, out for delivery, delivered;
 * - `failed_attempt`: as far as the last mile, then held after a failed attempt (`on_hold`): the
 *   parcel waits there for the merchant's call; a later `delivered` or `returned` journey goes on;
 * - `returned`: a failed attempt, the customer refuses, back on its way (`return_in_transit`) and
 *   returned to the shop (the courier charges the way back: its price event follows);
 * - `reweighed`: delivered, but the origin's hub weighs the parcel a kilogram heavier than it was
 *   billed and the courier charges for it (an `order.price` event with the higher price);
 * - `stalled`: picked up and sent on from the origin's hub, then silence: no scan comes (a parcel
 *   lost or stuck at a hub); a later `delivered` journey goes on.
 */
export const JOURNEYS = [
  "delivered",
  "failed_attempt",
  "returned",
  "reweighed",
  "stalled",
] as const;
export type Journey = (typeof JOURNEYS)[number];

interface Step {
  status: OrderStatus;
  note: string;
  /** The courier weighs the parcel this many kilograms heavier at this step. */
  reweighKg?: number;
}

/** Indonesia's 38 provinces, as addresses name them: an address's last parts, after its city. */
const PROVINCES = new Set(
  [
    "Aceh",
    "Sumatera Utara",
    "Sumatera Barat",
    "Riau",
    "Kepulauan Riau",
    "Jambi",
    "Bengkulu",
    "Sumatera Selatan",
    "Kepulauan Bangka Belitung",
    "Lampung",
    "Banten",
    "DKI Jakarta",
    "Jawa Barat",
    "Jawa Tengah",
    "DI Yogyakarta",
    "Jawa Timur",
    "Bali",
    "Nusa Tenggara Barat",
    "Nusa Tenggara Timur",
    "Kalimantan Barat",
    "Kalimantan Tengah",
    "Kalimantan Selatan",
    "Kalimantan Timur",
    "Kalimantan Utara",
    "Sulawesi Utara",
    "Gorontalo",
    "Sulawesi Tengah",
    "Sulawesi Barat",
    "Sulawesi Selatan",
    "Sulawesi Tenggara",
    "Maluku",
    "Maluku Utara",
    "Papua",
    "Papua Barat",
    "Papua Barat Daya",
    "Papua Tengah",
    "Papua Pegunungan",
    "Papua Selatan",
  ].map((p) => p.toLowerCase()),
);

/**
 * The city a side is in: its area's, else the gazetteer's for its postal code, else the address's
 * last part that names a place other than a province or the country ("Jl. Gatot Subroto No. 88,
 * Medan, Sumatera Utara, 20122, Indonesia" → Medan).
 */
function cityOf(side: OrderRecord["spec"]["origin"]): string {
  const known =
    side.area?.city ?? (side.postalCode ? areaByPostalCode(side.postalCode)?.city : undefined);
  const fromAddress = side.address
    .split(",")
    .map((part) => part.trim())
    .filter(
      (part) =>
        /[a-z]/i.test(part) &&
        !/^\d/.test(part) &&
        part.toLowerCase() !== "indonesia" &&
        !PROVINCES.has(part.toLowerCase()),
    )
    .at(-1);
  return (known ?? fromAddress ?? "kota tujuan").toUpperCase();
}

function steps(order: OrderRecord, journey: Journey): Step[] {
  const from = cityOf(order.spec.origin);
  const to = cityOf(order.spec.destination);
  const onTheWay: Step[] = [
    { status: "allocated", note: `Kurir ditugaskan untuk penjemputan di ${from}` },
    { status: "picking_up", note: `Kurir menuju lokasi penjemputan di ${from}` },
    { status: "picked", note: `Paket telah dijemput kurir di ${from}` },
    { status: "dropping_off", note: `Paket diberangkatkan dari hub ${from}` },
    { status: "dropping_off", note: `Paket tiba di hub ${to}` },
    { status: "dropping_off", note: `Paket sedang diantar ke alamat penerima di ${to}` },
  ];
  const failed: Step = {
    status: "on_hold",
    note: `Gagal kirim: penerima tidak di tempat (${to}). Pengiriman ulang dijadwalkan`,
  };
  const delivered: Step = {
    status: "delivered",
    note: `Paket telah diterima oleh penerima di ${to}`,
  };
  const tail: Record<Journey, Step[]> = {
    delivered: [delivered],
    reweighed: [delivered],
    stalled: [],
    failed_attempt: [failed],
    returned: [
      failed,
      { status: "return_in_transit", note: `Penerima menolak paket; paket diretur ke ${from}` },
      { status: "returned", note: `Paket telah diterima kembali oleh pengirim di ${from}` },
    ],
  };
  // What is still ahead of the order: the way (from its current step on) and the journey's end.
  const seen = new Set(order.history.map((h) => `${h.status}|${h.note}`));
  const rank = (s: OrderStatus) =>
    ["confirmed", "scheduled", "allocated", "picking_up", "picked", "dropping_off"].indexOf(s);
  const ahead = onTheWay.filter(
    (s) => !seen.has(`${s.status}|${s.note}`) && rank(s.status) >= rank(order.status),
  );
  const end = tail[journey].filter((s) => !seen.has(`${s.status}|${s.note}`));
  // Re-weighed: at the origin's hub, after the pickup and before it leaves (once).
  if (journey === "reweighed") {
    const reweigh: Step = {
      status: "picked",
      note: `Paket ditimbang ulang di hub ${from}: lebih berat dari yang dideklarasikan`,
      reweighKg: 1,
    };
    const at = ahead.findIndex((s) => s.status === "dropping_off");
    if (
      !seen.has(`${reweigh.status}|${reweigh.note}`) &&
      order.quote.reweighedKg === undefined &&
      rank(order.status) <= rank("picked")
    )
      ahead.splice(at < 0 ? ahead.length : at, 0, reweigh);
  }
  // Stalled: picked up and sent on from the origin's hub, then no scan at all.
  if (journey === "stalled")
    return ahead.slice(0, ahead.findIndex((s) => s.status === "dropping_off") + 1);
  // Held already: the way is behind it; the journey goes on from the hold.
  return order.status === "on_hold" ? end : [...ahead, ...end];
}

/** Plays a journey on an order, all of it or its next `maxSteps` steps; the steps taken. */
export function playJourney(
  service: ShippingService,
  id: string,
  journey: unknown,
  stepMinutes: unknown,
  maxSteps?: unknown,
): Step[] {
  if (!(JOURNEYS as readonly unknown[]).includes(journey))
    throw new SandboxError(400, CODES.badRequest, `journey must be one of ${JOURNEYS.join(", ")}`);
  const minutes = stepMinutes === undefined ? 180 : stepMinutes;
  if (
    typeof minutes !== "number" ||
    !Number.isFinite(minutes) ||
    minutes < 0 ||
    minutes > 7 * 24 * 60
  )
    throw new SandboxError(400, CODES.badRequest, "step_minutes must be a number from 0 to 10080");
  if (
    maxSteps !== undefined &&
    (typeof maxSteps !== "number" || !Number.isInteger(maxSteps) || maxSteps < 1)
  )
    throw new SandboxError(400, CODES.badRequest, "steps must be a positive integer");
  const [key, order] = service.lifecycle.locate(id);
  if (TERMINAL_ORDER_STATUSES.has(order.status) && order.status !== "on_hold")
    throw new SandboxError(
      400,
      CODES.badRequest,
      `Order ${id} is ${order.status}: its journey is over`,
    );
  const taken = steps(order, journey as Journey).slice(0, (maxSteps as number | undefined) ?? 100);
  // A stalled parcel stays where its last scan left it, until another journey moves it.
  order.stalled = journey === "stalled";
  for (const step of taken) {
    service.forward(minutes * 60_000);
    service.lifecycle.setStatus(key, order, step.status, step.note);
    if (step.reweighKg) service.lifecycle.reweigh(key, order, step.reweighKg);
  }
  return taken;
}
