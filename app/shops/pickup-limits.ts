/**
 * The longest text a pickup location's fields keep: they reach every label the shop prints
 * (app/labels/bounded-text.ts). The settings form shows them and refuses longer, in words; settings saved
 * before them keep their first characters up to these.
 */
export const PICKUP_TEXT_LIMITS = {
  contactName: 100,
  contactPhone: 30,
  address: 300,
  note: 200,
} as const;
