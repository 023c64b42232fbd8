import { useBlocker } from "@remix-run/react";
import { SaveBar, useAppBridge } from "@shopify/app-bridge-react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";

/**
 * Unsaved changes, told to the Shopify admin through App Bridge's save bar (`<ui-save-bar>`): the
 * admin shows its own bar ("Perubahan belum disimpan", Buang, Simpan) while any form of the page
 * holds edits, and asks before the merchant leaves the app's page from its own menu. Inside the
 * app's frame, a link or a back button is the app's own navigation: it waits for
 * `shopify.saveBar.leaveConfirmation()`, the same question.
 *
 * One save bar for the whole app (the admin shows one at a time): its Save and Discard act on the
 * form changed last; once that one is saved or discarded the bar stays for the next form still
 * holding edits, and goes with the last.
 */

export interface Unsaved {
  /** Saves the form's edits (its own submission). */
  save(): void;
  /** Puts every field back as saved. */
  discard(): void;
  /** The form's save is on its way: the bar's Save shows it, Discard waits. */
  busy: boolean;
}

type Register = (id: string, unsaved: Unsaved | null) => void;

const UnsavedContext = createContext<Register | null>(null);

export const SAVE_BAR_ID = "parcelbridge-unsaved";

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  // In the order the forms were first changed; the last is the one the bar saves.
  const [forms, setForms] = useState<readonly (readonly [string, Unsaved])[]>([]);
  const register = useCallback<Register>(
    (id, unsaved) =>
      setForms((all) => {
        if (!unsaved) return all.some(([key]) => key === id) ? all.filter(([k]) => k !== id) : all;
        const at = all.findIndex(([key]) => key === id);
        if (at < 0) return [...all, [id, unsaved]];
        return all.map((entry, i) => (i === at ? [id, unsaved] : entry));
      }),
    [],
  );
  const current = forms.at(-1)?.[1];
  const shopify = useAppBridge();
  // Another page of the app (a link, a back button, the list): asked first. A save posts to the
  // page itself and is never held.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      forms.length > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let asked = true;
    // Resolved when the merchant chooses to leave (or the bar has gone); staying leaves it unsettled.
    void shopify.saveBar.leaveConfirmation().then(() => {
      if (asked) blocker.proceed();
    });
    return () => {
      asked = false;
    };
  }, [blocker, shopify]);
  return (
    <UnsavedContext.Provider value={register}>
      {children}
      {/* The admin draws the bar from these two buttons: the primary one is Save, the other
          Discard (App Bridge gives them the admin's own words). */}
      <SaveBar id={SAVE_BAR_ID} open={current !== undefined}>
        <button
          variant="primary"
          loading={current?.busy ? "" : undefined}
          onClick={() => current?.save()}
        />
        <button disabled={current?.busy} onClick={() => current?.discard()} />
      </SaveBar>
    </UnsavedContext.Provider>
  );
}

/**
 * A form's unsaved edits, while `dirty`, held by the admin's save bar and its question on leaving.
 * `save` and `discard` may change on every render; the latest is called.
 */
export function useUnsavedChanges(
  id: string,
  { dirty, busy, save, discard }: { dirty: boolean } & Unsaved,
) {
  const register = useContext(UnsavedContext);
  const actions = useRef({ save, discard });
  useEffect(() => {
    actions.current = { save, discard };
  });
  useEffect(() => {
    register?.(
      id,
      dirty
        ? { busy, save: () => actions.current.save(), discard: () => actions.current.discard() }
        : null,
    );
  }, [register, id, dirty, busy]);
  useEffect(() => () => register?.(id, null), [register, id]);
}
