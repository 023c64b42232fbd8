import type { TFunction } from "i18next";

/** The answer while another download of the shop is under way: 429, and why in the reader's words. */
export function downloadBusy(t: TFunction): Response {
  return new Response(JSON.stringify({ error: t("csv.busy") }), {
    status: 429,
    headers: { "content-type": "application/json", "retry-after": "5" },
  });
}
