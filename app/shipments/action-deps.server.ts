import { db } from "../db/index.server";
import { getEnv } from "../platform/env.server";
import { enqueue } from "../jobs/queues.server";
import type { ActionDeps } from "./actions.server";

/** The production dependencies of the merchant actions, for routes. */
export function actionDeps(): ActionDeps {
  return { db, env: getEnv(), enqueue };
}
