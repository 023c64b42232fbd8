/**
 * The COD page's settings: the COD fee agreed with the service (statement lines are checked
 * against it) and the daily summary by e-mail (to whom, at what hour of the shop's day).
 */
import { z } from "zod";
import { db } from "../../db/index.server";
import { languageOfTag } from "../../i18n/languages";
import type { Speech } from "../../shipments/status-words";
import { updateShopSettings } from "../../shops/shops.server";
import { SUMMARY_ADDRESSES_MAX } from "../../summary/summary-settings";
import type { CodAnswer } from "./statement-intents.server";

export async function settingsIntent(
  form: FormData,
  shop: string,
  speech: Speech,
): Promise<CodAnswer> {
  const { t } = speech;
  const percentText = String(form.get("codFeePercent") ?? "")
    .trim()
    .replace(",", ".")
    .replace(/%$/, "");
  const percent = percentText === "" ? null : Number(percentText);
  if (
    percent !== null &&
    (!/^\d{1,2}(\.\d{1,2})?$/.test(percentText) || percent < 0 || percent > 20)
  )
    return { ok: false, message: t("codMoney.settings.badPercent") };
  const emails = [
    ...new Set(
      String(form.get("emails") ?? "")
        .split(/[,;\s]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const bad = emails.filter((e) => !z.email().safeParse(e).success);
  if (bad.length > 0)
    return { ok: false, message: t("codMoney.settings.badEmails", { emails: bad.join(", ") }) };
  if (emails.length > SUMMARY_ADDRESSES_MAX)
    return {
      ok: false,
      message: t("codMoney.settings.tooManyEmails", { max: SUMMARY_ADDRESSES_MAX }),
    };
  const hour = Number(form.get("hour") ?? 7);
  await updateShopSettings(db, shop, {
    codFeePercent: percent,
    dailySummary: {
      emails,
      hour: Number.isInteger(hour) && hour >= 0 && hour < 24 ? hour : 7,
      language: languageOfTag(speech.locale),
    },
  });
  return { ok: true, message: t("codMoney.settings.saved") };
}
