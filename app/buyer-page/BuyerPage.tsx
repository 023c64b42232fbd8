import type { TFunction } from "i18next";
import type { AreaChoice } from "../shops/area-choice";
import type { AddressForm, AddressProblem, BuyerOrderFacts } from "./buyer-page.server";

/**
 * The held order's page for its buyer, drawn on the server as plain HTML (no script: it is served
 * on the shop's domain through Shopify's app proxy, where the app's own assets are not), phone
 * first. Every answer is a form posted back to the same address.
 */

export type BuyerPageView =
  | { kind: "message"; title: string; text: string; tone: "done" | "info" | "error" }
  | {
      kind: "open";
      order: BuyerOrderFacts;
      /** The cash to pay, in words ("Rp404.000"). */
      cod: string | null;
      askCancel: boolean;
      search: { q: string; areas: AreaChoice[]; error: string | null };
      form: AddressForm;
      problems: AddressProblem[];
      /** A refusal of the last answer, in words. */
      error: string | null;
    };

const PROBLEM_KEYS = {
  area: "buyerPage.errorArea",
  street: "buyerPage.errorStreet",
  number: "buyerPage.errorNumber",
  rtRw: "buyerPage.errorRtRw",
} as const;

export function BuyerPage({ view, t }: { view: BuyerPageView; t: TFunction }) {
  if (view.kind === "message")
    return (
      <main>
        <h1>{view.title}</h1>
        <p className={`note ${view.tone}`} role={view.tone === "error" ? "alert" : "status"}>
          {view.text}
        </p>
      </main>
    );
  const { order } = view;
  const title = t("buyerPage.pageTitle", { order: order.orderName });
  return (
    <main>
      <h1>{title}</h1>
      <p>
        {order.name ? t("buyerPage.intro", { name: order.name }) : t("buyerPage.introNameless")}
      </p>
      {view.error && (
        <p className="note error" role="alert">
          {view.error}
        </p>
      )}
      <section aria-labelledby="items">
        <h2 id="items">{t("buyerPage.items")}</h2>
        <ul>
          {order.items.map((item, i) => (
            <li key={i}>
              {item.quantity}× {item.name}
            </li>
          ))}
        </ul>
        {view.cod && (
          <p className="cod">
            <span>{t("buyerPage.cod")}</span> <strong>{view.cod}</strong>
            <br />
            <small>{t("buyerPage.codNote")}</small>
          </p>
        )}
        <h2>{t("buyerPage.address")}</h2>
        <p>
          {order.name && (
            <>
              <strong>{order.name}</strong>
              <br />
            </>
          )}
          {order.address}
        </p>
        {order.coordinate && (
          <p>
            <a
              href={`https://www.openstreetmap.org/?mlat=${order.coordinate.latitude}&mlon=${order.coordinate.longitude}#map=17/${order.coordinate.latitude}/${order.coordinate.longitude}`}
              rel="noreferrer noopener"
              target="_blank"
            >
              {t("buyerPage.map")}
            </a>
          </p>
        )}
      </section>
      {view.askCancel ? (
        <section aria-labelledby="cancel">
          <h2 id="cancel">{t("buyerPage.cancelHeading")}</h2>
          <p>{t("buyerPage.cancelAsk", { order: order.orderName })}</p>
          <form method="post">
            <button name="intent" value="cancel" className="danger">
              {t("buyerPage.cancelYes")}
            </button>
          </form>
          <form method="get">
            <button className="plain">{t("buyerPage.back")}</button>
          </form>
        </section>
      ) : (
        <>
          <form method="post">
            <button name="intent" value="confirm" className="primary">
              {t("buyerPage.confirm")}
            </button>
          </form>
          <AddressFix view={view} t={t} />
          <section aria-labelledby="cancel">
            <h2 id="cancel">{t("buyerPage.cancelHeading")}</h2>
            <form method="post">
              <button name="intent" value="cancel-ask" className="plain">
                {t("buyerPage.cancel")}
              </button>
            </form>
          </section>
        </>
      )}
      <footer>{t("buyerPage.footer", { order: order.orderName })}</footer>
    </main>
  );
}

function AddressFix({ view, t }: { view: Extract<BuyerPageView, { kind: "open" }>; t: TFunction }) {
  const { search, form, problems } = view;
  return (
    <section aria-labelledby="fix">
      <h2 id="fix">{t("buyerPage.fixHeading")}</h2>
      {problems.length > 0 && (
        <ul className="note error" role="alert">
          {problems.map((p) => (
            <li key={p}>{t(PROBLEM_KEYS[p])}</li>
          ))}
        </ul>
      )}
      <form method="post">
        <label htmlFor="q">{t("buyerPage.searchLabel")}</label>
        <input
          id="q"
          name="q"
          defaultValue={search.q}
          autoComplete="off"
          aria-describedby="q-hint"
        />
        <small id="q-hint">{t("buyerPage.searchHint")}</small>
        <button name="intent" value="search" className="plain">
          {t("buyerPage.searchButton")}
        </button>
        {search.error && (
          <p className="note error" role="alert">
            {search.error}
          </p>
        )}
        {search.areas.length > 0 && (
          <>
            <fieldset>
              <legend>{t("buyerPage.areaLegend")}</legend>
              {search.areas.map((area) => (
                <label key={area.id} className="choice">
                  <input
                    type="radio"
                    name="areaId"
                    value={area.id}
                    defaultChecked={form.areaId === area.id}
                  />{" "}
                  {area.label}
                </label>
              ))}
            </fieldset>
            <label htmlFor="street">{t("buyerPage.street")}</label>
            <input
              id="street"
              name="street"
              defaultValue={form.street}
              autoComplete="address-line1"
            />
            <label htmlFor="number">{t("buyerPage.number")}</label>
            <input id="number" name="number" defaultValue={form.number} />
            <div className="pair">
              <span>
                <label htmlFor="rt">{t("buyerPage.rt")}</label>
                <input id="rt" name="rt" defaultValue={form.rt} inputMode="numeric" />
              </span>
              <span>
                <label htmlFor="rw">{t("buyerPage.rw")}</label>
                <input id="rw" name="rw" defaultValue={form.rw} inputMode="numeric" />
              </span>
            </div>
            <label htmlFor="note">{t("buyerPage.note")}</label>
            <input id="note" name="note" defaultValue={form.note} />
            <button name="intent" value="fix" className="primary">
              {t("buyerPage.save")}
            </button>
          </>
        )}
      </form>
    </section>
  );
}
