/** The COD page's actions: recording a payout that arrived, and removing one recorded by mistake. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "../../db/index.server";
import { wordsFor } from "../../i18n/i18n.server";
import { DEFAULT_TIME_ZONE, dateIn } from "../../platform/zoned-time";
import { PayoutRefused, recordPayout, removePayout } from "../../cod/payouts.server";
import { companyName } from "../../shipments/courier-names";
import { dayOf, formatMoney } from "../../shipments/status-words";
import { getShopSettings } from "../../shops/shops.server";
import { speechFor } from "../../shops/speech.server";
import { authenticate } from "../../shopify.server";

/** An amount as a merchant types it: "1.250.000", "Rp 1,250,000", "1250000" (whole rupiah). */
export function parseRupiah(text: string): number {
  const digits = text.replace(/^\s*(rp|idr)\.?\s*/i, "").replace(/[.,\s]/g, "");
  return /^\d{1,13}$/.test(digits) ? Number(digits) : Number.NaN;
}

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (intent === "remove") {
    const { t } = await wordsFor(request);
    const removed = await removePayout(db, session.shop, String(form.get("id") ?? ""));
    return { ok: removed, message: removed ? t("cod.payouts.removed") : t("cod.payouts.notFound") };
  }
  const speech = await speechFor(request, session.shop);
  const { t, locale } = speech;
  if (intent !== "record") return { ok: false, message: t("list.unknownAction") };
  const settings = await getShopSettings(db, session.shop);
  const zone = speech.timeZone ?? DEFAULT_TIME_ZONE;
  const courier = String(form.get("courier") ?? "").trim();
  const receivedOn = String(form.get("receivedOn") ?? "");
  const amount = parseRupiah(String(form.get("amount") ?? ""));
  const courierWords = companyName(speech.couriers, courier.toUpperCase());
  try {
    const payout = await recordPayout(
      db,
      session.shop,
      { courier, receivedOn, amount },
      settings.codType,
      zone,
      dateIn(new Date(), zone),
    );
    return {
      ok: true,
      message: t("cod.record.done", {
        amount: formatMoney(amount, "IDR", locale),
        courier: courierWords,
        count: payout.parcels,
      }),
    };
  } catch (error) {
    if (!(error instanceof PayoutRefused)) throw error;
    return {
      ok: false,
      message:
        error.reason === "nothingDue"
          ? t("cod.record.refusedNothingDue", {
              courier: courierWords,
              day: dayOf(`${receivedOn}T00:00:00Z`, { locale, timeZone: "UTC" }),
            })
          : error.reason === "badDate"
            ? t("cod.record.refusedBadDate")
            : t("cod.record.refusedBadAmount"),
    };
  }
};
