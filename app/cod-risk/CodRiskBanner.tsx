import { Form, useSubmit } from "@remix-run/react";
import { Banner, BlockStack, Box, Button, InlineStack, List, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CodRiskWords } from "./risk-words";
import { ConfirmModal, type Question } from "../ui/ConfirmModal";

/** The held order's actions asked first: booking despite the risk, cancelling, e-mailing the buyer. */
type Asked = "cod_anyway" | "cod_cancel" | "cod_invoice" | "cod_trust";

/**
 * A cash-on-delivery order likely to come back unpaid: the level, every reason from the shop's
 * own history, and what the merchant can do before the courier takes it. Held before booking: the
 * money at stake and the decisions (the buyer confirmed, book anyway, ask to pay first, cancel),
 * each that spends money or cannot be undone asked first; and the merchant's word on the buyer.
 */
export function CodRiskBanner({
  risk,
  orderName,
  pending,
}: {
  risk: CodRiskWords;
  orderName: string;
  /** The intent being sent, if any: its button spins, the others wait. */
  pending: string | null;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [asking, setAsking] = useState<Asked | null>(null);
  const held = risk.held;
  const questions: Record<Asked, Question> = {
    cod_anyway: {
      title: t("codRisk.confirm.anywayTitle"),
      body: [t("codRisk.confirm.anywayBody", { cod: risk.cod ?? "" }), ...(held?.stake ?? [])],
      action: t("codRisk.confirm.anywayAction"),
      destructive: false,
    },
    cod_cancel: {
      title: t("codRisk.confirm.cancelTitle", { order: orderName }),
      body: [t("codRisk.confirm.cancelBody")],
      action: t("codRisk.confirm.cancelAction"),
      destructive: true,
    },
    // Trusting the buyer of a held order lets that order go on at once: asked first.
    cod_trust: {
      title: t("codRisk.confirm.trustTitle"),
      body: [t("codRisk.confirm.trustBody")],
      action: t("codRisk.confirm.trustAction"),
      destructive: false,
    },
    cod_invoice: {
      title: t("codRisk.confirm.invoiceTitle"),
      body: [t("codRisk.confirm.invoiceBody")],
      action: t("codRisk.confirm.invoiceAction"),
      destructive: false,
    },
  };
  const send = (intent: string) => submit({ intent }, { method: "post" });
  return (
    <Banner
      tone={risk.level === "high" || held ? "critical" : "warning"}
      title={held ? t("codRisk.held.title") : risk.title}
    >
      <BlockStack gap="300">
        {held && (
          <Text as="p" fontWeight="semibold">
            {risk.title}
          </Text>
        )}
        <List>
          {risk.reasons.map((reason, i) => (
            <List.Item key={i}>{reason}</List.Item>
          ))}
        </List>
        {risk.buyerAnswer && (
          <Text as="p" fontWeight="semibold">
            {risk.buyerAnswer}
          </Text>
        )}
        {risk.mark && (
          <Text as="p">
            {t(`codRisk.mark.${risk.mark}`)} {risk.markMatched}
          </Text>
        )}
        {held ? (
          <BlockStack gap="200">
            <Text as="p" tone="subdued">
              {held.since}
            </Text>
            <Text as="h3" variant="headingSm">
              {t("codRisk.stake.title")}
            </Text>
            <List>
              {held.stake.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <InlineStack gap="200" blockAlign="center">
              {risk.whatsapp && (
                <Button url={risk.whatsapp} target="_blank">
                  {t("codRisk.confirmOnWhatsapp")}
                </Button>
              )}
              <SendButton intent="cod_confirmed" pending={pending} variant="primary">
                {t("codRisk.actions.confirmed")}
              </SendButton>
              <AskButton intent="cod_invoice" pending={pending} onAsk={setAsking}>
                {t("codRisk.actions.invoice")}
              </AskButton>
              <AskButton intent="cod_anyway" pending={pending} onAsk={setAsking}>
                {t("codRisk.actions.anyway")}
              </AskButton>
              <AskButton intent="cod_cancel" pending={pending} onAsk={setAsking} critical>
                {t("codRisk.actions.cancel")}
              </AskButton>
            </InlineStack>
          </BlockStack>
        ) : (
          <>
            <Text as="p">{t("codRisk.advice")}</Text>
            {risk.whatsapp && (
              <Box>
                <Button url={risk.whatsapp} target="_blank">
                  {t("codRisk.confirmOnWhatsapp")}
                </Button>
              </Box>
            )}
          </>
        )}
        <InlineStack gap="300">
          {risk.mark !== "trusted" &&
            (held ? (
              <AskButton intent="cod_trust" pending={pending} onAsk={setAsking} plain>
                {t("codRisk.actions.trust")}
              </AskButton>
            ) : (
              <SendButton intent="cod_trust" pending={pending} variant="plain">
                {t("codRisk.actions.trust")}
              </SendButton>
            ))}
          {risk.mark !== "held" && (
            <SendButton intent="cod_always_hold" pending={pending} variant="plain">
              {t("codRisk.actions.alwaysHold")}
            </SendButton>
          )}
          {risk.mark && (
            <SendButton intent="cod_unmark" pending={pending} variant="plain">
              {t("codRisk.actions.unmark")}
            </SendButton>
          )}
        </InlineStack>
      </BlockStack>
      <ConfirmModal
        question={asking ? questions[asking] : null}
        backLabel={t("codRisk.confirm.back")}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          if (asking) send(asking);
          setAsking(null);
        }}
      />
    </Banner>
  );
}

/** An action sent at once (it neither spends money nor cannot be undone). */
function SendButton({
  intent,
  pending,
  variant,
  children,
}: {
  intent: string;
  pending: string | null;
  variant: "primary" | "plain";
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button
        submit
        variant={variant}
        loading={pending === intent}
        disabled={pending !== null && pending !== intent}
      >
        {children}
      </Button>
    </Form>
  );
}

/** An action asked first (ConfirmModal): it books despite the risk, cancels, or e-mails the buyer. */
function AskButton({
  intent,
  pending,
  critical,
  plain,
  onAsk,
  children,
}: {
  intent: Asked;
  pending: string | null;
  critical?: boolean;
  plain?: boolean;
  onAsk(intent: Asked): void;
  children: string;
}) {
  return (
    <Button
      tone={critical ? "critical" : undefined}
      variant={plain ? "plain" : undefined}
      loading={pending === intent}
      disabled={pending !== null && pending !== intent}
      onClick={() => onAsk(intent)}
    >
      {children}
    </Button>
  );
}
