/**
 * What the Shopify admin draws around an app for App Bridge's save bar, as a script: the
 * contextual save bar across the top ("Unsaved changes", Discard, Save), the question before
 * leaving a page with unsaved changes, and the one before discarding (a save bar with
 * `discardConfirmation`). Drawn in a shadow root of its own, on top of whatever page it is put in:
 * the local admin's page (fakes/shopify/local-admin.ts) or, when nothing frames the app (the browser
 * test), the app's page itself (fakes/shopify/app-bridge-stand-in.ts).
 *
 * The words are the admin's, in its language; the app's buttons only hook into them.
 */

export type AdminLanguage = "id" | "en";

export const ADMIN_WORDS = {
  id: {
    unsaved: "Perubahan belum disimpan",
    save: "Simpan",
    discard: "Buang",
    leaveTitle: "Tinggalkan halaman dengan perubahan yang belum disimpan?",
    leaveBody: "Jika halaman ini ditinggalkan, semua perubahan yang belum disimpan akan hilang.",
    stay: "Tetap di halaman",
    leave: "Tinggalkan halaman",
    discardTitle: "Buang semua perubahan yang belum disimpan?",
    discardBody: "Perubahan yang dibuang tidak dapat dikembalikan.",
    keepEditing: "Lanjutkan mengedit",
    discardChanges: "Buang perubahan",
  },
  en: {
    unsaved: "Unsaved changes",
    save: "Save",
    discard: "Discard",
    leaveTitle: "Leave page with unsaved changes?",
    leaveBody: "Leaving this page will delete all unsaved changes.",
    stay: "Stay",
    leave: "Leave page",
    discardTitle: "Discard all unsaved changes?",
    discardBody: "If you discard changes, you'll delete any edits you made since you last saved.",
    keepEditing: "Continue editing",
    discardChanges: "Discard changes",
  },
} as const;

export const adminLanguageOf = (value: string | null | undefined): AdminLanguage =>
  value === "id" ? "id" : "en";

/**
 * The state the admin draws a save bar from: each button's loading and disabled state (a button
 * the app left out is not drawn), and whether Discard asks first.
 */
export interface SaveBarState {
  save: { loading: boolean; disabled: boolean } | null;
  discard: { loading: boolean; disabled: boolean } | null;
  discardConfirmation: boolean;
}

/**
 * The script's source: it defines `adminChrome(words)`, which returns
 * `{ showSaveBar(state, act), hideSaveBar(), saveBarShown(), askToLeave() }`; `act("save" |
 * "discard")` is called when the merchant presses one (after the discard question, when asked);
 * `askToLeave()` resolves true to leave, false to stay (one question at a time).
 */
export const ADMIN_CHROME_SOURCE = `function adminChrome(words) {
  const host = document.createElement("div");
  host.setAttribute("data-admin-chrome", "");
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML = \`<style>
    .bar { position: fixed; top: 0; left: 0; right: 0; z-index: 2147483000; display: flex; align-items: center; gap: 12px; height: 56px; padding: 0 16px; background: #1a1a1a; color: #fff; font: 600 14px/1.4 system-ui, sans-serif; }
    .bar[hidden] { display: none; }
    .bar p { margin: 0 auto 0 0; }
    button { font: 600 13px/1 system-ui, sans-serif; padding: 8px 12px; border-radius: 8px; border: 1px solid #8a8a8a; background: #fff; color: #303030; cursor: pointer; }
    button.primary { background: #303030; color: #fff; border-color: #fff; }
    button[disabled] { opacity: .5; cursor: default; }
    .veil { position: fixed; inset: 0; z-index: 2147483001; display: grid; place-items: center; background: rgba(0,0,0,.5); }
    .question { max-width: 28rem; margin: 16px; padding: 16px; border-radius: 12px; background: #fff; color: #303030; font: 14px/1.4 system-ui, sans-serif; }
    .question h2 { margin: 0 0 8px; font-size: 16px; }
    .question div { display: flex; justify-content: flex-end; gap: 8px; margin-top: 16px; }
    button.critical { background: #c70a24; color: #fff; border-color: #c70a24; }
  </style><div class="bar" role="region" hidden></div>\`;
  const bar = root.querySelector(".bar");
  bar.setAttribute("aria-label", words.unsaved);
  const attach = () => { if (!host.isConnected) document.documentElement.append(host); };
  const button = (label, className, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (className) b.className = className;
    b.addEventListener("click", onClick);
    return b;
  };
  let asking = null;
  const ask = (title, body, no, yes, critical) => {
    if (asking) return asking;
    attach();
    const veil = document.createElement("div");
    veil.className = "veil";
    const question = document.createElement("div");
    question.className = "question";
    question.setAttribute("role", "dialog");
    question.setAttribute("aria-modal", "true");
    question.setAttribute("aria-label", title);
    const h = document.createElement("h2");
    h.textContent = title;
    const p = document.createElement("p");
    p.textContent = body;
    const buttons = document.createElement("div");
    question.append(h, p, buttons);
    veil.append(question);
    asking = new Promise((resolve) => {
      const end = (answer) => { veil.remove(); asking = null; resolve(answer); };
      buttons.append(button(no, "", () => end(false)), button(yes, critical ? "critical" : "primary", () => end(true)));
    });
    root.append(veil);
    return asking;
  };
  let shown = false;
  return {
    showSaveBar(state, act) {
      attach();
      const press = (action) => async () => {
        if (action === "discard" && state.discardConfirmation &&
            !(await ask(words.discardTitle, words.discardBody, words.keepEditing, words.discardChanges, true))) return;
        act(action);
      };
      const text = document.createElement("p");
      text.textContent = words.unsaved;
      const parts = [text];
      for (const [action, label, className] of [["discard", words.discard, ""], ["save", words.save, "primary"]]) {
        const s = state[action];
        if (!s) continue;
        const b = button(label, className, press(action));
        b.disabled = s.disabled || s.loading;
        if (s.loading) b.setAttribute("aria-busy", "true");
        parts.push(b);
      }
      bar.replaceChildren(...parts);
      bar.hidden = false;
      shown = true;
    },
    hideSaveBar() {
      bar.hidden = true;
      bar.replaceChildren();
      shown = false;
    },
    saveBarShown: () => shown,
    askToLeave: () => ask(words.leaveTitle, words.leaveBody, words.stay, words.leave, true),
  };
}`;
