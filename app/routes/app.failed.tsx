import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  Page,
  Text,
} from "@shopify/polaris";
import { KeyboardScroll } from "../ui/KeyboardScroll";
import { JobNotFoundError, listFailedJobs, retryFailedJob } from "../jobs/failed.server";
import { authenticate } from "../shopify.server";
import { speechFor } from "../shops/speech.server";
import { useTranslation } from "react-i18next";
import { wordsFor } from "../i18n/i18n.server";
import { exactTime } from "../shipments/status-words";
import { pageTitle } from "../i18n/page-title";

export const meta = pageTitle((t) => t("nav.failed"));

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const speech = await speechFor(request, session.shop);
  const jobs = await listFailedJobs(session.shop);
  return {
    jobs: jobs.map((j) => ({
      ...j,
      work: speech.t(`failed.jobs.${j.name}`, { defaultValue: j.name }),
      failedAt: j.failedAt ? exactTime(j.failedAt, speech) : null,
    })),
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { t } = await wordsFor(request);
  const form = await request.formData();
  try {
    await retryFailedJob(session.shop, String(form.get("jobId")));
    return { ok: true, message: t("failed.retrying") };
  } catch (error) {
    if (error instanceof JobNotFoundError) return { ok: false, message: t("failed.notFailed") };
    throw error;
  }
};

export default function FailedWork() {
  const navigate = useNavigate();
  const { jobs } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <Page
      title={t("nav.failed")}
      backAction={{ content: t("nav.shipments"), onAction: () => navigate("/app") }}
    >
      <BlockStack gap="400">
        {result && <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>}
        <Card padding="0">
          {jobs.length === 0 ? (
            <EmptyState heading={t("failed.none")} image="">
              <p>{t("failed.noneBody")}</p>
            </EmptyState>
          ) : (
            <KeyboardScroll label={t("nav.failed")}>
              <IndexTable
                resourceName={{
                  singular: t("failed.job.singular"),
                  plural: t("failed.job.plural"),
                }}
                itemCount={jobs.length}
                selectable={false}
                headings={[
                  { title: t("failed.columns.work") },
                  { title: t("failed.columns.subject") },
                  { title: t("failed.columns.reason") },
                  { title: t("failed.columns.attempts") },
                  { title: t("failed.columns.failed") },
                  { title: "" },
                ]}
              >
                {jobs.map((job, i) => (
                  <IndexTable.Row id={job.id} key={job.id} position={i}>
                    <IndexTable.Cell>{job.work}</IndexTable.Cell>
                    <IndexTable.Cell>{job.orderId ?? job.shipmentId ?? "—"}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" tone="critical">
                        {job.reason}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>{job.attempts}</IndexTable.Cell>
                    <IndexTable.Cell>{job.failedAt ?? "—"}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <Form method="post">
                        <input type="hidden" name="jobId" value={job.id} />
                        <Button submit size="slim">
                          {t("list.actions.retry")}
                        </Button>
                      </Form>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
            </KeyboardScroll>
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}
