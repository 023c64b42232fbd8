import type { TFunction } from "i18next";
import { z } from "zod";
import { LABEL_LAYOUTS } from "./label-layouts";
import { ITEM_CATEGORIES, COD_TYPES } from "../shipping/codes";
import { PICKUP_TEXT_LIMITS } from "./pickup-limits";
import { COD_RISK_HOLDS } from "./cod-risk-holds";
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

export function parsePreferencesForm(
  form: FormData,
  t: TFunction,
): {
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
      errors.categoryMapping = t("settings.errors.categoryLine", {
        line,
        categories: ITEM_CATEGORIES.join(", "),
      });
      continue;
    }
    mapping[type.toLowerCase()] = category.toLowerCase() as (typeof ITEM_CATEGORIES)[number];
  }
  const courier = String(form.get("defaultCourier") ?? "");
  const [company, type] = courier.split("/");
  const weightText = String(form.get("defaultWeightGrams") ?? "").trim();
  const weight = weightText === "" ? null : Number(weightText);
  if (weight !== null && (!Number.isInteger(weight) || weight <= 0))
    errors.defaultWeightGrams = t("settings.errors.weight");
  const deliveryType = z.enum(["now", "scheduled"]).safeParse(form.get("deliveryType"));
  if (!deliveryType.success) errors.deliveryType = t("settings.errors.deliveryType");
  const codType = z.enum(COD_TYPES).safeParse(form.get("codType"));
  if (!codType.success) errors.codType = t("settings.errors.codType");
  const codRiskHold = z.enum(COD_RISK_HOLDS).safeParse(form.get("codRiskHold") ?? "high");
  if (!codRiskHold.success) errors.codRiskHold = t("settings.errors.codRiskHold");
  const reweighText = String(form.get("reweighProblemAbove") ?? "").trim();
  const reweigh = reweighText === "" ? 5_000 : Number(reweighText.replace(/[.\s]/g, ""));
  if (!Number.isInteger(reweigh) || reweigh < 0 || reweigh > 10_000_000)
    errors.reweighProblemAbove = t("settings.errors.reweighProblemAbove");
  const insuranceFromText = String(form.get("insuranceFrom") ?? "").trim();
  const insuranceFrom =
    insuranceFromText === "" ? null : Number(insuranceFromText.replace(/[.\s]/g, ""));
  const insuranceFromOk =
    insuranceFrom === null ||
    (Number.isInteger(insuranceFrom) && insuranceFrom >= 0 && insuranceFrom <= 1_000_000_000);
  if (!insuranceFromOk) errors.insuranceFrom = t("settings.errors.insuranceFrom");
  const labelLayout = z.enum(LABEL_LAYOUTS).safeParse(form.get("labelLayout") ?? "thermal");
  if (!labelLayout.success) errors.labelLayout = t("settings.errors.labelLayout");
  const labelShopName = String(form.get("labelShopName") ?? "").trim();
  if (labelShopName.length > 80) errors.labelShopName = t("settings.errors.atMost", { count: 80 });
  const podNote = String(form.get("proofOfDeliveryNote") ?? "").trim();
  if (checkbox(form, "proofOfDelivery") && !podNote)
    errors.proofOfDeliveryNote = t("settings.errors.podNote");
  if (checkbox(form, "holdWhileBooking") && !checkbox(form, "fulfillOnConfirm"))
    errors.holdWhileBooking = t("settings.errors.holdNeedsFulfillment");
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
      dimensionsFromShopify: checkbox(form, "dimensionsFromShopify"),
      codGateways: codGatewaysOf(form),
      codType: codType.success ? codType.data : "7_days",
      insurance: checkbox(form, "insurance"),
      insuranceFrom: insuranceFromOk ? insuranceFrom : null,
      proofOfDelivery: checkbox(form, "proofOfDelivery"),
      proofOfDeliveryNote: podNote,
      fulfillOnConfirm: checkbox(form, "fulfillOnConfirm"),
      notifyCustomer: checkbox(form, "notifyCustomer"),
      markCodPaid: checkbox(form, "markCodPaid"),
      restockReturns: checkbox(form, "restockReturns"),
      cancelReturnedCod: checkbox(form, "cancelReturnedCod"),
      holdWhileBooking: checkbox(form, "holdWhileBooking"),
      codRiskHold: codRiskHold.success ? codRiskHold.data : "high",
      reweighProblemAbove:
        Number.isInteger(reweigh) && reweigh >= 0 && reweigh <= 10_000_000 ? reweigh : 5_000,
      labelLayout: labelLayout.success ? labelLayout.data : "thermal",
      labelShopName: labelShopName.slice(0, 80),
      labelShippingCost: checkbox(form, "labelShippingCost"),
      labelMaskPhone: checkbox(form, "labelMaskPhone"),
    },
  };
}

/** The pickup form's rules; each message is said in the reader's language. */
const pickupSchema = (t: TFunction) => {
  const atMost = (count: number) => t("settings.errors.atMost", { count });
  return z.object({
    contactName: z
      .string()
      .trim()
      .min(1, t("settings.errors.contactName"))
      .max(PICKUP_TEXT_LIMITS.contactName, atMost(PICKUP_TEXT_LIMITS.contactName)),
    contactPhone: z
      .string()
      .trim()
      .min(6, t("settings.errors.contactPhone"))
      .max(PICKUP_TEXT_LIMITS.contactPhone, atMost(PICKUP_TEXT_LIMITS.contactPhone)),
    address: z
      .string()
      .trim()
      .min(5, t("settings.errors.address"))
      .max(PICKUP_TEXT_LIMITS.address, atMost(PICKUP_TEXT_LIMITS.address)),
    note: z
      .string()
      .trim()
      .max(PICKUP_TEXT_LIMITS.note, atMost(PICKUP_TEXT_LIMITS.note))
      .optional(),
    postalCode: z.coerce
      .number({ message: t("settings.errors.postalCode") })
      .int(t("settings.errors.postalCode"))
      .min(10000, t("settings.errors.postalCode"))
      .max(99999, t("settings.errors.postalCode")),
    latitude: z
      .union([
        z.literal("").transform(() => undefined),
        z.coerce
          .number({ message: t("settings.errors.latitude") })
          .min(-90, t("settings.errors.latitude"))
          .max(90, t("settings.errors.latitude")),
      ])
      .optional(),
    longitude: z
      .union([
        z.literal("").transform(() => undefined),
        z.coerce
          .number({ message: t("settings.errors.longitude") })
          .min(-180, t("settings.errors.longitude"))
          .max(180, t("settings.errors.longitude")),
      ])
      .optional(),
  });
};

export type PickupInput = z.infer<ReturnType<typeof pickupSchema>>;

export function parsePickupForm(form: FormData, t: TFunction) {
  const raw = Object.fromEntries(
    ["contactName", "contactPhone", "address", "note", "postalCode", "latitude", "longitude"].map(
      (k) => [k, String(form.get(k) ?? "")],
    ),
  );
  const parsed = pickupSchema(t).safeParse(raw);
  if (parsed.success) return { pickup: parsed.data, errors: {} as Record<string, string> };
  return {
    pickup: null,
    errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])),
  };
}

/**
 * The payment methods ticked as cash on delivery: one `codGateways` field per method (names may
 * hold commas). A page of the previous version sends one comma-separated field without the
 * `codGatewaysList` marker: split as it was.
 */
function codGatewaysOf(form: FormData): string[] {
  const values = form.getAll("codGateways").map(String);
  const names = form.has("codGatewaysList") ? values : values.flatMap((v) => v.split(","));
  return [...new Set(names.map((g) => g.trim()).filter(Boolean))];
}
