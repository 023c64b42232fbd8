/** The shipments page's tabs (shared by the page and its loader). */
export const TABS = ["all", "attention", "drafts", "in_transit", "delivered", "cancelled"] as const;
export type Tab = (typeof TABS)[number];
