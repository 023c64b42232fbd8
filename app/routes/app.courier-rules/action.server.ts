import { json, type ActionFunctionArgs } from "@remix-run/node";
import { draftsOf, rulesOfDrafts } from "../../couriers/rules/form";
import { draftErrorWords, type PreviewWords } from "../../couriers/rules/rule-words";
import { db } from "../../db/index.server";
import { authenticate } from "../../shopify.server";
import { getShopSettings, updateShopSettings } from "../../shops/shops.server";
import { speechFor } from "../../shops/speech.server";
import { rulesReport } from "./page-data.server";

/**
 * The rules as written on the page: `preview` shows what they would pick without saving; `save`
 * keeps them unless something refuses them (a field that is not what it asks, a service not on
 * offer, a condition no order meets, a name used twice). Warnings do not stop a save.
 */
/** A refused form has no report: the page keeps showing the last one. */
const NO_REPORT = {
  refusals: [] as string[],
  warnings: [] as string[],
  preview: null as PreviewWords | null,
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const speech = await speechFor(request, session.shop);
  const { t } = speech;
  const form = await request.formData();
  const intent = form.get("intent") === "save" ? "save" : "preview";
  const refused = (message: string, errors: Record<string, string>, status = 200) =>
    json({ intent, ok: false, message, errors, ...NO_REPORT }, { status });
  const drafts = draftsOf(String(form.get("rules") ?? ""));
  if (!drafts) return refused(t("courierRules.badForm"), {}, 400);
  const parsed = rulesOfDrafts(drafts);
  if (!parsed.rules)
    return refused(t("courierRules.notSaved"), draftErrorWords(parsed.errors, speech));
  const settings = await getShopSettings(db, session.shop);
  // Asked for by the merchant (a preview or a save): read now.
  const report = await rulesReport(session.shop, settings, parsed.rules, speech, { fresh: true });
  if (intent === "save" && report.refusals.length > 0)
    return json({ intent, ok: false, message: t("courierRules.notSaved"), errors: {}, ...report });
  if (intent === "save") await updateShopSettings(db, session.shop, { courierRules: parsed.rules });
  return json({
    intent,
    ok: true,
    message: intent === "save" ? t("courierRules.saved") : t("courierRules.unsaved"),
    errors: {} as Record<string, string>,
    ...report,
  });
};
