import { Banner, ProgressBar } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** The shop's last import of earlier orders: running (with its progress), done or stopped. */
export interface ImportState {
  status: string;
  pages: number;
  seen: number;
  created: number;
  /** Why it stopped, in the merchant's words. */
  error: string | null;
  /** The day it read orders from, in the merchant's words. */
  since: string;
}

/** How the last import of earlier orders went, followed while it runs. */
export function ImportBanner({ state }: { state: ImportState }) {
  const { t } = useTranslation();
  const running = state.status === "running";
  return (
    <Banner
      tone={state.status === "failed" ? "critical" : state.status === "done" ? "success" : "info"}
      title={
        running
          ? t("list.import.running")
          : state.status === "done"
            ? t("list.import.done")
            : t("list.import.stopped")
      }
    >
      <p>
        {t("list.import.counts", { seen: state.seen, since: state.since, created: state.created })}
        {state.error ? `: ${state.error}` : ""}
      </p>
      {running && <ProgressBar progress={Math.min(95, state.pages * 10)} size="small" />}
    </Banner>
  );
}
