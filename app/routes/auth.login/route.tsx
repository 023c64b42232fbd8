import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { languageOf, wordsIn } from "../../i18n/i18n.server";
import { polarisTranslations } from "../../i18n/polaris";
import { login } from "../../shopify.server";
import { loginErrorMessage } from "./error.server";
import { pageTitle } from "../../i18n/page-title";

export const meta = pageTitle((t) => t("login.title"));

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const language = await languageOf(request);
  const errors = loginErrorMessage(await login(request), wordsIn(language).t);
  return { errors, polarisTranslations: polarisTranslations(language) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const errors = loginErrorMessage(await login(request), wordsIn(await languageOf(request)).t);
  return { errors };
};

/** Installation outside the Shopify admin: the merchant types the shop domain. */
export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState("");
  const { t } = useTranslation();
  const { errors } = actionData ?? loaderData;

  return (
    <AppProvider i18n={loaderData.polarisTranslations}>
      <main>
        <Page>
          <Card>
            <Form method="post">
              <FormLayout>
                <Text variant="headingMd" as="h2">
                  {t("login.title")}
                </Text>
                <TextField
                  type="text"
                  name="shop"
                  label={t("login.shop")}
                  helpText={t("login.shopHelp")}
                  value={shop}
                  onChange={setShop}
                  autoComplete="on"
                  error={errors.shop}
                />
                <Button submit>{t("login.title")}</Button>
              </FormLayout>
            </Form>
          </Card>
        </Page>
      </main>
    </AppProvider>
  );
}
