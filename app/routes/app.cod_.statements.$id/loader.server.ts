/**
 * A payout statement's page: its total against what reached the bank, its lines with a difference
 * (each kind named and explained, with the parcel and the dispute it is in), how many lines were
 * as expected, and the shop's delivered COD parcels past their payout date that nothing paid,
 * with how late. The page is route.tsx; making a dispute, action.server.ts.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "../../db/index.server";
import { codParcels } from "../../cod/parcels.server";
import {
  getStatement,
  statementLines,
  type StatementLineView,
} from "../../cod/statements/statements.server";
import { dayOf, formatMoney, type Speech } from "../../shipments/status-words";
import { getShopSettings } from "../../shops/shops.server";
import { speechFor } from "../../shops/speech.server";
import { authenticate } from "../../shopify.server";

const DAY_MS = 24 * 3600 * 1000;

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const speech = await speechFor(request, session.shop);
  const { t, locale } = speech;
  const statement = await getStatement(db, session.shop, params.id ?? "");
  if (!statement) throw new Response(t("codMoney.statements.notFound"), { status: 404 });
  const settings = await getShopSettings(db, session.shop);
  const now = new Date();
  const [lines, delivered] = await Promise.all([
    statementLines(db, session.shop, statement.id),
    codParcels(db, "delivered", { shop: session.shop, shopCodType: settings.codType, now }),
  ]);
  const money = (n: number) => formatMoney(n, "IDR", locale) ?? String(n);
  const signed = (n: number) => (n > 0 ? `+${money(n)}` : money(n));
  const differing = lines.filter((l) => l.kind !== "ok");
  // What is missing: the lines paid less than expected (a line paid more does not make up for it).
  const short = differing.reduce((s, l) => s + Math.min(0, l.difference), 0);
  const received = statement.receivedAmount;
  const gap = received === null ? 0 : received - statement.total;
  return {
    title: t("codMoney.statement.title", { file: statement.fileName }),
    subtitle: t("codMoney.statement.subtitle", {
      day: dayOf(`${statement.receivedOn}T00:00:00Z`, { locale, timeZone: "UTC" }),
    }),
    total: t("codMoney.statement.total", { total: money(statement.total), count: statement.lines }),
    received:
      received === null
        ? null
        : {
            text: t(
              gap === 0
                ? "codMoney.statement.receivedMatches"
                : gap < 0
                  ? "codMoney.statement.receivedLess"
                  : "codMoney.statement.receivedMore",
              { amount: money(received), difference: money(Math.abs(gap)) },
            ),
            differs: gap !== 0,
          },
    summary:
      differing.length === 0
        ? t("codMoney.statement.allMatch")
        : t("codMoney.statement.differ", {
            count: differing.length,
            amount: money(-short),
          }),
    lines: differing.map((l) => ({
      id: l.id,
      row: l.row,
      kind: l.kind,
      kindLabel: t(`codMoney.kind.${l.kind}`),
      parcel: parcelName(l),
      shipmentId: l.shipmentId,
      detail: detail(l, speech, money),
      cod: money(l.cod),
      fee: l.fee === null ? "—" : money(l.fee),
      deductions: l.deductions === 0 ? "—" : money(l.deductions),
      net: money(l.net),
      expected: l.expected === null ? "—" : money(l.expected),
      difference: signed(l.difference),
      dispute:
        l.disputeNumber === null
          ? null
          : t("codMoney.statement.disputed", { number: l.disputeNumber }),
    })),
    unpaid: delivered
      .filter((p) => (p.payout === "due" || p.payout === "overdue") && p.payoutBy)
      .map((p) => ({
        id: p.id,
        parcel: [p.orderName ?? p.orderId, p.waybillId].filter(Boolean).join(" · "),
        payoutBy: dayOf(p.payoutBy!, speech),
        late: t("codMoney.statement.late", {
          count: Math.max(0, Math.floor((now.getTime() - p.payoutBy!.getTime()) / DAY_MS)),
        }),
        cod: money(p.cod),
        tone: p.payout === "overdue" ? ("critical" as const) : ("caution" as const),
      })),
  };
};

/** The parcel as the merchant knows it: its order and waybill, else what the line named. */
function parcelName(l: StatementLineView): string {
  const order = l.orderName ?? l.reference;
  const waybill = l.parcelWaybill ?? l.waybill;
  return [order, waybill].filter(Boolean).join(" · ") || "—";
}

/** What the difference is, in a sentence. */
function detail(l: StatementLineView, { t }: Speech, money: (n: number) => string): string {
  const what = l.deductionKind ? t(`codMoney.deduction.${l.deductionKind}`) : "";
  switch (l.kind) {
    case "short":
      return t("codMoney.statement.detail.short", {
        paid: money(l.expected === null ? l.net : l.expected + l.difference),
        expected: money(l.expected ?? 0),
      });
    case "over":
      return t("codMoney.statement.detail.over", { difference: money(l.difference) });
    case "fee":
      return t("codMoney.statement.detail.fee", {
        fee: money(l.fee ?? 0),
        agreed: money(l.expectedFee ?? 0),
      });
    case "deducted":
      return t("codMoney.statement.detail.deducted", {
        amount: money(l.deductions),
        what,
        other: [l.chargedForOrder, l.chargedForWaybill].filter(Boolean).join(" · "),
      });
    case "charge":
      return t("codMoney.statement.detail.charge", { amount: money(l.deductions || -l.net), what });
    case "twice":
      return t("codMoney.statement.detail.twice");
    case "unknown":
      return t("codMoney.statement.detail.unknown");
    default:
      return "";
  }
}
