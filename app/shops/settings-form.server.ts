import { z } from "zod";
import { LABEL_LAYOUTS } from "./label-layouts";
import { ITEM_CATEGORIES, COD_TYPES } from "../shipping/contract";
import { PICKUP_TEXT_LIMITS } from "./pickup-limits";
import { FORMER_KEYS, type ShopSettings } from "./settings";

/**
 * The settings page's preferences form → a settings patch, with a message per bad field.
 * Category mapping is typed one per line as "Product type = category".
 */
/**
 * A preference's box, ticked. A page loaded before a setting was renamed (FORMER_KEYS) posts it
 * under its former name: read as today's, so saving that page keeps what it shows.
 */
const checkbox = (form: FormData, name: string) =>
  [name, ...formerNamesOf(name)].some((n) => form.get(n) === "on" || form.get(n) === "true");

const formerNamesOf = (name: string) =>
  Object.entries(FORMER_KEYS)
    .filter(([, current]) => current === name)
    .map(([former]) => former);

export function parsePreferencesForm(form: FormData): {
  patch: Partial<ShopSettings>;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const mapping: Record<string, (typeof ITEM_CATEGORIES)[number]> = {};
  const lines = String(form.get("categoryMapping") ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  for (const line of lines) {
    const [type, category] = line.split("=").map((p) => p?.trim() ?? "");
    if (
      !type ||
      !category ||
      !(ITEM_CATEGORIES as readonly string[]).includes(category.toLowerCase())
    ) {
      errors.categoryMapping = `"${line}": write "Product type = category", with a category among ${ITEM_CATEGORIES.join(", ")}`;
      continue;
    }
    mapping[type.toLowerCase()] = category.toLowerCase() as (typeof ITEM_CATEGORIES)[number];
  }
  const courier = String(form.get("defaultCourier") ?? "");
  const [company, type] = courier.split("/");
  const weightText = String(form.get("defaultWeightGrams") ?? "").trim();
  const weight = weightText === "" ? null : Number(weightText);
  if (weight !== null && (!Number.isInteger(weight) || weight <= 0))
    errors.defaultWeightGrams = "A whole number of grams above 0, or empty";
  const deliveryType = z.enum(["now", "scheduled"]).safeParse(form.get("deliveryType"));
  if (!deliveryType.success) errors.deliveryType = "now or scheduled";
  const codType = z.enum(COD_TYPES).safeParse(form.get("codType"));
  if (!codType.success) errors.codType = `One of ${COD_TYPES.join(", ")}`;
  const labelLayout = z.enum(LABEL_LAYOUTS).safeParse(form.get("labelLayout") ?? "thermal");
  if (!labelLayout.success) errors.labelLayout = `One of ${LABEL_LAYOUTS.join(", ")}`;
  const labelShopName = String(form.get("labelShopName") ?? "").trim();
  if (labelShopName.length > 80) errors.labelShopName = "At most 80 characters";
  const podNote = String(form.get("proofOfDeliveryNote") ?? "").trim();
  if (checkbox(form, "proofOfDelivery") && !podNote)
    errors.proofOfDeliveryNote = "The courier needs an instruction for the proof of delivery";
  if (checkbox(form, "holdWhileBooking") && !checkbox(form, "fulfillOnConfirm"))
    errors.holdWhileBooking =
      "The hold is released when the app fulfills the order with tracking: turn that on too, or leave the hold off so staff can fulfill by hand";
  return {
    errors,
    patch: {
      defaultCourier: company && type ? { company, type } : null,
      autoCreateDrafts: checkbox(form, "autoCreateDrafts"),
      autoConfirm: checkbox(form, "autoConfirm"),
      bookPendingOrders: checkbox(form, "bookPendingOrders"),
      deliveryType: deliveryType.success ? deliveryType.data : "now",
      categoryMapping: mapping,
      defaultWeightGrams: weight !== null && Number.isInteger(weight) && weight > 0 ? weight : null,
      codGateways: String(form.get("codGateways") ?? "")
        .split(",")
        .map((g) => g.trim())
        .filter(Boolean),
      codType: codType.success ? codType.data : "7_days",
      insurance: checkbox(form, "insurance"),
      proofOfDelivery: checkbox(form, "proofOfDelivery"),
      proofOfDeliveryNote: podNote,
      fulfillOnConfirm: checkbox(form, "fulfillOnConfirm"),
      notifyCustomer: checkbox(form, "notifyCustomer"),
      markCodPaid: checkbox(form, "markCodPaid"),
      restockReturns: checkbox(form, "restockReturns"),
      cancelReturnedCod: checkbox(form, "cancelReturnedCod"),
      holdWhileBooking: checkbox(form, "holdWhileBooking"),
      labelLayout: labelLayout.success ? labelLayout.data : "thermal",
      labelShopName: labelShopName.slice(0, 80),
    },
  };
}

const pickupSchema = z.object({
  contactName: z
    .string()
    .trim()
    .min(1, "Who hands the parcels over?")
    .max(PICKUP_TEXT_LIMITS.contactName, `At most ${PICKUP_TEXT_LIMITS.contactName} characters`),
  contactPhone: z
    .string()
    .trim()
    .min(6, "A phone number the courier can call")
    .max(PICKUP_TEXT_LIMITS.contactPhone, `At most ${PICKUP_TEXT_LIMITS.contactPhone} characters`),
  address: z
    .string()
    .trim()
    .min(5, "The full pickup address")
    .max(PICKUP_TEXT_LIMITS.address, `At most ${PICKUP_TEXT_LIMITS.address} characters`),
  note: z
    .string()
    .trim()
    .max(PICKUP_TEXT_LIMITS.note, `At most ${PICKUP_TEXT_LIMITS.note} characters`)
    .optional(),
  postalCode: z.coerce
    .number()
    .int()
    .min(10000, "A 5-digit postal code")
    .max(99999, "A 5-digit postal code"),
  latitude: z
    .union([z.literal("").transform(() => undefined), z.coerce.number().min(-90).max(90)])
    .optional(),
  longitude: z
    .union([z.literal("").transform(() => undefined), z.coerce.number().min(-180).max(180)])
    .optional(),
});

export type PickupInput = z.infer<typeof pickupSchema>;

export function parsePickupForm(form: FormData) {
  const raw = Object.fromEntries(
    ["contactName", "contactPhone", "address", "note", "postalCode", "latitude", "longitude"].map(
      (k) => [k, String(form.get(k) ?? "")],
    ),
  );
  const parsed = pickupSchema.safeParse(raw);
  if (parsed.success) return { pickup: parsed.data, errors: {} as Record<string, string> };
  return {
    pickup: null,
    errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])),
  };
}
