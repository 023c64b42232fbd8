import { vi } from "vitest";

// Before any module reads the environment: the events secret.
vi.hoisted(() => {
  process.env.SHIPPING_WEBHOOK_SECRET = "process-pipeline-secret-0123456789";
});

import { describeProcessPipeline } from "../helpers/process-pipeline.ts";

describeProcessPipeline("PostgreSQL");
