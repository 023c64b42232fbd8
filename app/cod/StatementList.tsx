import { Form, Link, useNavigation } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

export interface StatementLineSummary {
  id: string;
  line: string;
  check: string;
  differs: boolean;
}

/** The statements imported, newest first, each with how its lines came out; one removed by mistake frees its parcels. */
export function StatementList({ statements }: { statements: StatementLineSummary[] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const removing =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "removeStatement"
      ? navigation.formData.get("id")
      : null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("codMoney.statements.title")}
        </Text>
        {statements.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("codMoney.statements.none")}
          </Text>
        ) : (
          statements.map((s) => (
            <InlineStack key={s.id} gap="300" align="space-between" blockAlign="center">
              <BlockStack gap="0">
                <Text as="span">{s.line}</Text>
                <Text as="span" variant="bodySm" tone={s.differs ? "caution" : "subdued"}>
                  {s.check}
                </Text>
              </BlockStack>
              <InlineStack gap="300" blockAlign="center">
                <Link to={`/app/cod/statements/${s.id}`}>{t("codMoney.statements.open")}</Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="removeStatement" />
                  <input type="hidden" name="id" value={s.id} />
                  <Button submit variant="plain" tone="critical" loading={removing === s.id}>
                    {t("codMoney.statements.remove")}
                  </Button>
                </Form>
              </InlineStack>
            </InlineStack>
          ))
        )}
      </BlockStack>
    </Card>
  );
}
