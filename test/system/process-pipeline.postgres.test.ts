import { describeProcessPipeline } from "../helpers/process-pipeline.ts";

describeProcessPipeline("PostgreSQL");
