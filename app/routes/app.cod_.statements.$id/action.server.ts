/** A statement page's action: a dispute made of the chosen lines and unpaid parcels. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "../../db/index.server";
import { createDispute, DisputeRefused } from "../../cod/disputes/disputes.server";
import { wordsFor } from "../../i18n/i18n.server";
import { getShopSettings } from "../../shops/shops.server";
import { authenticate } from "../../shopify.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { t } = await wordsFor(request);
  const form = await request.formData();
  if (form.get("intent") !== "dispute") return { ok: false, message: t("list.unknownAction") };
  const settings = await getShopSettings(db, session.shop);
  try {
    const dispute = await createDispute(
      db,
      session.shop,
      {
        lineIds: form.getAll("line").map(String),
        shipmentIds: form.getAll("parcel").map(String),
      },
      settings,
    );
    return { ok: true, message: t("codMoney.statement.disputeMade", { number: dispute.number }) };
  } catch (error) {
    if (!(error instanceof DisputeRefused)) throw error;
    return { ok: false, message: t("codMoney.statement.disputeNothing") };
  }
};
