/**
 * Behaviours the service's documentation leaves open. Each is an option with the most likely
 * answer as default, so the app's client and event receiver can be tested against both; see
 * sandbox/README.md ("Where the documentation is unclear").
 */
export interface Behaviour {
  /**
   * Codes of a draft's invalid fields: `specific` answers the orders module's code for the field
   * (40002017 destination contact name, …), `generic` answers 40011001 for all of them with the
   * field named in the message (the documentation's own draft examples use 40011001).
   */
  draftErrors: "specific" | "generic";
  /** Success body of DELETE /v1/draft_orders/:id: `with_id` `{success, object, id, message}`, `message_only` `{success, message}`. */
  draftDeleteAnswer: "with_id" | "message_only";
  /** POST /v1/orders/:id/cancel with no body at all: `others` cancels with reason code others, `refuse` answers 400. */
  cancelWithoutBody: "others" | "refuse";
  /** Body of a 429: `envelope` the error envelope, `empty` nothing (the status and Retry-After only). */
  rateLimitBody: "envelope" | "empty";
  /** The registration ping: `object` posts `{}`, `empty` posts an empty body. */
  webhookPing: "object" | "empty";
  /** Whether the registration ping carries the static header. */
  pingWithHeader: boolean;
  /** `order.waybill_id` events: `full` with courier_company and status, `minimal` without them. */
  waybillEvent: "full" | "minimal";
}

export const defaultBehaviour = (): Behaviour => ({
  draftErrors: "specific",
  draftDeleteAnswer: "with_id",
  cancelWithoutBody: "others",
  rateLimitBody: "envelope",
  webhookPing: "object",
  pingWithHeader: true,
  waybillEvent: "full",
});

const CHOICES: { [K in keyof Behaviour]: readonly Behaviour[K][] } = {
  draftErrors: ["specific", "generic"],
  draftDeleteAnswer: ["with_id", "message_only"],
  cancelWithoutBody: ["others", "refuse"],
  rateLimitBody: ["envelope", "empty"],
  webhookPing: ["object", "empty"],
  pingWithHeader: [true, false],
  waybillEvent: ["full", "minimal"],
};

/** Applies a patch of behaviours; answers the first problem as text, or null when all applied. */
export function patchBehaviour(target: Behaviour, patch: Record<string, unknown>): string | null {
  const next = { ...target };
  for (const [name, value] of Object.entries(patch)) {
    if (!(name in CHOICES))
      return `unknown behaviour ${name} (known: ${Object.keys(CHOICES).join(", ")})`;
    const allowed = CHOICES[name as keyof Behaviour] as readonly unknown[];
    if (!allowed.includes(value))
      return `behaviour ${name} must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
    (next as Record<string, unknown>)[name] = value;
  }
  Object.assign(target, next);
  return null;
}

/** The environment variable of a behaviour: draftErrors is SANDBOX_DRAFT_ERRORS. */
const variableOf = (name: string) =>
  `SANDBOX_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** Every behaviour's environment variable (docs/configuration.md lists them). */
export const BEHAVIOUR_VARIABLES: readonly string[] = Object.keys(CHOICES).map(variableOf);

/** Behaviours from SANDBOX_<NAME> environment variables (e.g. SANDBOX_DRAFT_ERRORS=generic). */
export function behaviourFromEnv(env: Readonly<Record<string, string | undefined>>): {
  behaviour: Partial<Behaviour>;
  problem: string | null;
} {
  const behaviour = defaultBehaviour();
  const patch: Record<string, unknown> = {};
  for (const name of Object.keys(CHOICES)) {
    const variable = variableOf(name);
    const raw = env[variable];
    if (raw === undefined || raw === "") continue;
    const value = raw === "true" ? true : raw === "false" ? false : raw;
    const problem = patchBehaviour(behaviour, { [name]: value });
    if (problem) return { behaviour: {}, problem: `${variable}=${raw}: ${problem}` };
    patch[name] = value;
  }
  return { behaviour: patch as Partial<Behaviour>, problem: null };
}
