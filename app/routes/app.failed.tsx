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
import { JobNotFoundError, listFailedJobs, retryFailedJob } from "../jobs/failed.server";
import { authenticate } from "../shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const jobs = await listFailedJobs(session.shop);
  return { jobs: jobs.map((j) => ({ ...j, failedAt: j.failedAt?.toISOString() ?? null })) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  try {
    await retryFailedJob(session.shop, String(form.get("jobId")));
    return { ok: true, message: "Retrying" };
  } catch (error) {
    if (error instanceof JobNotFoundError)
      return { ok: false, message: "That job is not (or no longer) failed" };
    throw error;
  }
};

export default function FailedWork() {
  const navigate = useNavigate();
  const { jobs } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page
      title="Failed work"
      backAction={{ content: "Shipments", onAction: () => navigate("/app") }}
    >
      <BlockStack gap="400">
        {result && <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>}
        <Card padding="0">
          {jobs.length === 0 ? (
            <EmptyState heading="Nothing failed" image="">
              <p>
                Work that runs out of retries (for example after a long outage of the shipping
                service) shows here.
              </p>
            </EmptyState>
          ) : (
            <IndexTable
              resourceName={{ singular: "job", plural: "jobs" }}
              itemCount={jobs.length}
              selectable={false}
              headings={[
                { title: "Work" },
                { title: "Order or shipment" },
                { title: "Reason" },
                { title: "Attempts" },
                { title: "Failed" },
                { title: "" },
              ]}
            >
              {jobs.map((job, i) => (
                <IndexTable.Row id={job.id} key={job.id} position={i}>
                  <IndexTable.Cell>{job.name}</IndexTable.Cell>
                  <IndexTable.Cell>{job.orderId ?? job.shipmentId ?? "—"}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" tone="critical">
                      {job.reason}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{job.attempts}</IndexTable.Cell>
                  <IndexTable.Cell>
                    {job.failedAt ? new Date(job.failedAt).toLocaleString() : "—"}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Form method="post">
                      <input type="hidden" name="jobId" value={job.id} />
                      <Button submit size="slim">
                        Retry
                      </Button>
                    </Form>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}
