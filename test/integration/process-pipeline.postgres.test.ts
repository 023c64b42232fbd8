import { vi } from "vitest";

// Before any module reads the environment: this file's own queues, and the events secret.
vi.hoisted(() => {
  process.env.QUEUE_PREFIX = `pbtest-procpg-${process.pid}`;
  process.env.SHIPPING_WEBHOOK_SECRET = "process-pipeline-secret-0123456789";
});

import { describeProcessPipeline } from "#test/helpers/process-pipeline.ts";

describeProcessPipeline("PostgreSQL");
