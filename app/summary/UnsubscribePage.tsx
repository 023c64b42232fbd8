import type { TFunction } from "i18next";

export type UnsubscribeView =
  | { kind: "confirm"; shop: string; email: string; token: string }
  | { kind: "done"; shop: string; email: string }
  | { kind: "bad" };

/** The daily summary's unsubscribe page: the question (one button), what was done, or a bad link. */
export function UnsubscribePage({ view, t }: { view: UnsubscribeView; t: TFunction }) {
  return (
    <main>
      <h1>{t("summary.page.title")}</h1>
      {view.kind === "bad" ? (
        <p className="note error">{t("summary.page.bad")}</p>
      ) : view.kind === "done" ? (
        <p className="note done">
          {t("summary.page.done", { email: view.email, shop: view.shop })}
        </p>
      ) : (
        <form method="post">
          <p>{t("summary.page.confirm", { email: view.email, shop: view.shop })}</p>
          <input type="hidden" name="t" value={view.token} />
          <button type="submit" className="primary">
            {t("summary.page.button")}
          </button>
        </form>
      )}
    </main>
  );
}
