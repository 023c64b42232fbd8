/** Faults on demand, for reliability tests and benchmarks. Apply to /v1 routes only. */
export interface FaultConfig {
  /** Added to every answer: fixed part and uniform random jitter, ms. */
  latencyMs: number;
  jitterMs: number;
  /** Share (0..1) of requests answered 5xx without doing anything. */
  errorRate: number;
  errorStatus: 500 | 502 | 503 | 504;
  /** Share (0..1) of requests that get no answer at all (held open hangMs, then reset). */
  hangRate: number;
  hangMs: number;
  /** Until this epoch ms, every request fails: answered 503 (mode error) or never answered (hang). */
  outageUntil: number;
  outageMode: "error" | "hang";
  /** Share (0..1) of writes (POST, DELETE) that are committed but whose answer is dropped. */
  dropAfterCommitRate: number;
  /** The next N writes are committed and their answers dropped (deterministic). */
  dropNext: number;
  /** Only requests whose "METHOD /path" matches this regular expression are subject to faults. */
  match: string | null;
}

export const noFaults = (): FaultConfig => ({
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  errorStatus: 500,
  hangRate: 0,
  hangMs: 120_000,
  outageUntil: 0,
  outageMode: "error",
  dropAfterCommitRate: 0,
  dropNext: 0,
  match: null,
});
