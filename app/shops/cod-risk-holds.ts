/**
 * Which cash-on-delivery orders the shop holds before booking, by their risk of coming back unpaid
 * (the `codRiskHold` setting; app/cod-risk/hold.ts decides with it): `high` ones (the default),
 * `medium` and `high`, or none (the risk only shown). Apart from settings.ts, so the settings form
 * lists them without loading zod.
 */
export const COD_RISK_HOLDS = ["high", "medium", "never"] as const;
export type CodRiskHold = (typeof COD_RISK_HOLDS)[number];
