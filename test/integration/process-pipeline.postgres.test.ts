import { vi } from "vitest";

// Before any module reads the environment: the events secret.
vi.hoisted(() => {});

import { describeProcessPipeline } from "../helpers/process-pipeline.ts";

describeProcessPipeline("PostgreSQL");
