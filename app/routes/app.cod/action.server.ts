/**
 * The COD page's actions: recording a payout that arrived and removing one recorded by mistake;
 * importing a payout statement and removing one, moving a dispute on (./statement-intents.server.ts);
 * the COD fee and the daily summary (./settings-intent.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "../../db/index.server";
import { readRupiah } from "../../cod/rupiah";
import { wordsFor } from "../../i18n/i18n.server";
import { DEFAULT_TIME_ZONE, dateIn } from "../../platform/zoned-time";
import { PayoutRefused, recordPayout, removePayout } from "../../cod/payouts.server";
import { companyName } from "../../shipments/courier-names";
import { dayOf, formatMoney, type Speech } from "../../shipments/status-words";
import { getShopSettings } from "../../shops/shops.server";
import { speechFor } from "../../shops/speech.server";
import { authenticate } from "../../shopify.server";
import {
  disputeStateIntent,
  importIntent,
  removeStatementIntent,
  type CodAnswer,
} from "./statement-intents.server";
import { settingsIntent } from "./settings-intent.server";

const INTENTS: Record<
  string,
  (form: FormData, shop: string, speech: Speech) => Promise<CodAnswer>
> = {
  import: importIntent,
  removeStatement: removeStatementIntent,
  disputeState: disputeStateIntent,
  settings: settingsIntent,
};

/** An amount as a merchant types it: "1.250.000", "Rp 1,250,000", "1250000" (whole rupiah). */
export function parseRupiah(text: string): number {
  const amount = readRupiah(text);
  return amount === null || amount < 0 ? Number.NaN : amount;
}

export const action = async ({ request }: ActionFunctionArgs): Promise<CodAnswer> => {
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
  const other = INTENTS[intent];
  if (other) return other(form, session.shop, speech);
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
