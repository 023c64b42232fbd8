import { ADMIN_CHROME_SOURCE, ADMIN_WORDS } from "./admin-chrome.ts";

/**
 * App Bridge as the app's pages need it, as a script (Shopify's CDN cannot be reached here):
 *
 * - `shopify.idToken()` and `shopify.config`; given a fixed `token`, the app's own fetches sent
 *   with it (App Bridge adds the session token to them). Given a `tokenUrl` instead, tokens come
 *   from there (the local admin mints them; its proxy adds them to requests).
 * - `shopify.toast.show()`.
 * - The save bar as App Bridge documents it
 *   (shopify.dev/docs/api/app-home/app-bridge-web-components/ui-save-bar, …/apis/save-bar):
 *   `<ui-save-bar>` with `show()`, `hide()`, `toggle()`, `showing` and its `show`/`hide` events;
 *   its `<button variant="primary">` is the admin's Save, its other button Discard (each's
 *   `loading` and `disabled` drawn); `shopify.saveBar.show/hide/toggle(id)`; and
 *   `shopify.saveBar.leaveConfirmation()`, resolved at once when no save bar shows, else when the
 *   merchant chooses to leave (staying leaves it unsettled). The admin shows one bar: the last
 *   shown. The bar and the questions are the admin's (fakes/shopify/admin-chrome.ts): drawn by the
 *   admin around the frame, or on the page itself when nothing frames it.
 * - Inside a frame, what the admin does with the app's `<ui-nav-menu>`: hides it and hands its
 *   links to the parent, which shows them as its side bar; and tells the parent where the app is
 *   (after each client-side navigation) and its toasts.
 */
export function appBridgeStandIn(o: {
  shop: string;
  apiKey: string;
  token?: string;
  tokenUrl?: string;
}): string {
  return `(() => {
    const fixed = ${JSON.stringify(o.token ?? null)};
    const tokenUrl = ${JSON.stringify(o.tokenUrl ?? null)};
    let minted = null;
    const idToken = async () => {
      if (fixed) return fixed;
      if (!minted || minted.at < Date.now() - 5 * 60_000)
        minted = { at: Date.now(), token: fetch(tokenUrl, { cache: "no-store" }).then((r) => r.text()) };
      return minted.token;
    };
    const framed = window.parent !== window;
    const tell = (message) => {
      if (framed) window.parent.postMessage({ source: "app-bridge-stand-in", ...message }, location.origin);
    };

    // The admin's chrome: the parent's, through messages, or drawn here when nothing frames the app.
    ${ADMIN_CHROME_SOURCE}
    const adminWords = ${JSON.stringify(ADMIN_WORDS)};
    let act = () => {};
    const questions = new Map();
    let asked = 0;
    const admin = framed
      ? {
          showSaveBar(state, onAct) { act = onAct; tell({ type: "saveBar", state }); },
          hideSaveBar() { tell({ type: "saveBar", state: null }); },
          askToLeave() {
            const id = ++asked;
            tell({ type: "leave?", id });
            return new Promise((resolve) => questions.set(id, resolve));
          },
        }
      : adminChrome(adminWords[new URLSearchParams(location.search).get("locale") === "id" ? "id" : "en"]);
    if (framed)
      addEventListener("message", (event) => {
        if (event.source !== window.parent || event.data?.source !== "local-admin") return;
        if (event.data.type === "saveBarAction") act(event.data.action);
        if (event.data.type === "leave") {
          questions.get(event.data.id)?.(event.data.leave);
          questions.delete(event.data.id);
        }
      });

    // The save bars shown, in the order shown: the admin draws the last.
    const shown = [];
    const buttonsOf = (bar) => {
      const buttons = [...bar.querySelectorAll("button")];
      const save = buttons.find((b) => b.getAttribute("variant") === "primary") ?? null;
      return { save, discard: buttons.find((b) => b !== save) ?? null };
    };
    const stateOf = (b) => b && { loading: b.hasAttribute("loading"), disabled: b.disabled };
    const draw = () => {
      const bar = shown.at(-1);
      if (!bar) return admin.hideSaveBar();
      const { save, discard } = buttonsOf(bar);
      admin.showSaveBar(
        { save: stateOf(save), discard: stateOf(discard), discardConfirmation: bar.hasAttribute("discardconfirmation") },
        (action) => buttonsOf(bar)[action]?.click(),
      );
    };
    customElements.define(
      "ui-save-bar",
      class extends HTMLElement {
        #watch = new MutationObserver(() => { if (shown.at(-1) === this) draw(); });
        connectedCallback() {
          // Drawn by the admin, not in the app's page: an empty shadow root hides the buttons.
          if (!this.shadowRoot) this.attachShadow({ mode: "open" });
          this.#watch.observe(this, { subtree: true, childList: true, attributes: true, characterData: true });
        }
        disconnectedCallback() {
          this.#watch.disconnect();
          void this.hide();
        }
        get showing() { return shown.includes(this); }
        get discardConfirmation() { return this.hasAttribute("discardconfirmation"); }
        set discardConfirmation(on) { this.toggleAttribute("discardconfirmation", Boolean(on)); }
        async show() {
          if (this.showing) return;
          shown.push(this);
          draw();
          this.dispatchEvent(new Event("show"));
        }
        async hide() {
          if (!this.showing) return;
          shown.splice(shown.indexOf(this), 1);
          draw();
          this.dispatchEvent(new Event("hide"));
        }
        toggle() { return this.showing ? this.hide() : this.show(); }
      },
    );
    const bar = (id) => {
      const element = document.getElementById(id);
      if (element?.localName !== "ui-save-bar") throw new Error("No ui-save-bar with id " + id);
      return element;
    };

    window.shopify = {
      idToken,
      config: { apiKey: ${JSON.stringify(o.apiKey)}, shop: ${JSON.stringify(o.shop)} },
      toast: { show: (message) => tell({ type: "toast", message: String(message) }) },
      loading() {},
      saveBar: {
        show: (id) => bar(id).show(),
        hide: (id) => bar(id).hide(),
        toggle: (id) => bar(id).toggle(),
        leaveConfirmation: () =>
          shown.length === 0
            ? Promise.resolve()
            : new Promise((resolve) => admin.askToLeave().then((leave) => { if (leave) resolve(); })),
      },
    };
    if (fixed) {
      const original = window.fetch.bind(window);
      window.fetch = (input, init = {}) => {
        const url = new URL(typeof input === "string" ? input : input.url, location.href);
        if (url.origin !== location.origin) return original(input, init);
        const headers = new Headers(init.headers || (typeof input === "string" ? undefined : input.headers));
        headers.set("authorization", "Bearer " + fixed);
        return original(input, { ...init, headers });
      };
    }
    if (!framed) return;
    // Shown by the admin, not in the app's frame: an empty shadow root hides the menu's links
    // without touching the page React hydrates.
    customElements.define(
      "ui-nav-menu",
      class extends HTMLElement {
        connectedCallback() {
          if (!this.shadowRoot) this.attachShadow({ mode: "open" });
        }
      },
    );
    const where = () => tell({ type: "location", href: location.pathname + location.search });
    for (const method of ["pushState", "replaceState"]) {
      const original = history[method].bind(history);
      history[method] = (...args) => {
        const result = original(...args);
        where();
        return result;
      };
    }
    addEventListener("popstate", where);
    addEventListener("DOMContentLoaded", () => {
      const menu = document.querySelector("ui-nav-menu");
      const items = menu
        ? [...menu.querySelectorAll("a")].map((a) => ({
            href: a.getAttribute("href"),
            label: a.textContent.trim(),
          }))
        : [];
      tell({ type: "nav", items });
      where();
    });
  })();`;
}
