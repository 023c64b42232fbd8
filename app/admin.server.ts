import { db } from "./db/index.server";
import { getEnv } from "./env.server";
import { enqueue } from "./jobs/queues.server";
import type { ActionDeps } from "./shipments/actions.server";

/** The production dependencies of the merchant actions, for routes. */
export function actionDeps(): ActionDeps {
  return { db, env: getEnv(), enqueue };
}
