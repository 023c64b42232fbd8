/** The label sizes the app prints (app/labels/render.server.ts draws them). */
export const LABEL_LAYOUTS = ["thermal", "a4"] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

export function isLabelLayout(value: unknown): value is LabelLayout {
  return (LABEL_LAYOUTS as readonly unknown[]).includes(value);
}
