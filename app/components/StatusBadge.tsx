import { Badge } from "@shopify/polaris";
import type { StatusGroup } from "../shipments/status-words";

type Tone = "critical" | "warning" | "attention" | "info" | "success" | undefined;
type Progress = "incomplete" | "partiallyComplete" | "complete";

/** Polaris tone and progress per group: problems red, waits yellow, on the way blue, delivered green, ended grey. */
const LOOK: Record<StatusGroup, { tone: Tone; progress: Progress }> = {
  attention: { tone: "critical", progress: "incomplete" },
  waiting: { tone: "attention", progress: "incomplete" },
  in_progress: { tone: "info", progress: "partiallyComplete" },
  done: { tone: "success", progress: "complete" },
  ended: { tone: undefined, progress: "complete" },
};

/** A shipment's status badge: its words (see shipments/status-words.ts), toned by what the merchant should make of it. */
export function StatusBadge({ label, group }: { label: string; group: StatusGroup }) {
  const look = LOOK[group];
  return (
    <Badge tone={look.tone} progress={look.progress}>
      {label}
    </Badge>
  );
}
