import { Badge, Button, Card, FormLayout } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Field } from "./Field";
import { GroupHeading } from "./GroupHeading";
import { UnsavedForm } from "../../ui/unsaved/UnsavedForm";

/** 1. The shipping API key: checked with the service before it is kept; only its end is shown. */
export function ApiKeyCard({
  apiKey,
  error,
  answer,
  busy,
}: {
  apiKey: { hint: string; mode: string | null } | null;
  error: string | undefined;
  /** The page's answer to the last key sent. */
  answer: { ok: boolean } | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <UnsavedForm id="apiKey" method="post" answer={answer} busy={busy}>
        <input type="hidden" name="intent" value="apiKey" />
        <FormLayout>
          <GroupHeading
            title={
              <>
                {t("settings.apiKey.title")}{" "}
                {apiKey && (
                  <Badge tone={apiKey.mode === "live" ? "success" : "info"}>
                    {t(apiKey.mode === "live" ? "settings.apiKey.live" : "settings.apiKey.test", {
                      hint: apiKey.hint,
                    })}
                  </Badge>
                )}
              </>
            }
          >
            {t("settings.apiKey.about")}
          </GroupHeading>
          <Field
            key={apiKey?.hint ?? "none"}
            label={apiKey ? t("settings.apiKey.replace") : t("settings.apiKey.label")}
            name="apiKey"
            type="password"
            autoComplete="off"
            helpText={t("settings.apiKey.help")}
            error={error}
          />
          <Button submit loading={busy}>
            {t("settings.apiKey.save")}
          </Button>
        </FormLayout>
      </UnsavedForm>
    </Card>
  );
}
