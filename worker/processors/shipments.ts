import { shipmentJobs } from "#app/jobs/definitions.ts";
import { processCancel } from "./cancel.ts";
import { processConfirm } from "./confirm.ts";
import { processCreateDraft } from "./create-draft.ts";
import { processFulfillmentChange } from "./fulfillment-change.ts";
import { processSyncStatus } from "./sync-status.ts";
import { processUpdate } from "./update.ts";

export type { ShipmentDeps } from "./shipment-context.ts";

/** Job name → processor, for the worker's processor table (one file per job). */
export const shipmentProcessors = {
  [shipmentJobs.createDraft.name]: processCreateDraft,
  [shipmentJobs.confirm.name]: processConfirm,
  [shipmentJobs.cancel.name]: processCancel,
  [shipmentJobs.update.name]: processUpdate,
  [shipmentJobs.fulfillmentChange.name]: processFulfillmentChange,
  [shipmentJobs.syncStatus.name]: processSyncStatus,
} as const;
