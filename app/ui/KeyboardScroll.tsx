import { useEffect, useRef, type ReactNode } from "react";

/** Polaris IndexTable's own scroll container: the element that scrolls a wide table sideways. */
const SCROLLER = ".Polaris-IndexTable-ScrollContainer";

/**
 * Keeps the Polaris tables inside reachable by keyboard: while a table is wider than its card (a
 * wide font, a large text setting, a phone, a narrow admin frame), its scroll container becomes a
 * focusable, labelled region (WCAG 2.1.1; axe-core's `scrollable-region-focusable`), so Tab
 * reaches it and the arrow keys scroll it; once the table fits again it is left out of the tab
 * order. Polaris 13 gives its IndexTable no such region of its own, and wrapping the table in a
 * scrolling box of ours would break its sticky header's sideways sync, so the container it renders
 * is marked instead, after each change of size or content.
 */
export function KeyboardScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let frame = 0;
    const resize = new ResizeObserver(() => schedule());
    const mark = () => {
      frame = 0;
      for (const scroller of root.querySelectorAll<HTMLElement>(SCROLLER)) {
        const table = scroller.firstElementChild;
        if (table) resize.observe(table);
        if (scroller.scrollWidth > scroller.clientWidth) {
          scroller.tabIndex = 0;
          scroller.setAttribute("role", "region");
          scroller.setAttribute("aria-label", label);
        } else if (scroller.hasAttribute("tabindex")) {
          scroller.removeAttribute("tabindex");
          scroller.removeAttribute("role");
          scroller.removeAttribute("aria-label");
        }
      }
    };
    // One look per frame, however many rows changed at once (selecting all 50 is one frame).
    function schedule() {
      if (!frame) frame = requestAnimationFrame(mark);
    }
    const rows = new MutationObserver(schedule);
    rows.observe(root, { childList: true, subtree: true });
    resize.observe(root);
    mark();
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      rows.disconnect();
    };
  }, [label]);
  return (
    <div ref={ref} className="pb-keyboard-scroll">
      {children}
    </div>
  );
}
