import { type RefObject, useEffect, useRef } from "react";
import { mainContentId } from "@/lib/main-content";

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));
}

/** Open dialogs (modals and drawers), the last on top: keys are the top one's (a confirm over a form, say). */
const openPanels: HTMLElement[] = [];

/**
 * Where focus goes when a dialog closes: back to what had it, or, when that is gone (the row it
 * deleted, the selection bar it emptied), to the page's main region rather than the document body.
 */
function restoreFocus(previouslyFocused: HTMLElement | null): void {
  if (previouslyFocused?.isConnected) previouslyFocused.focus();
  else document.getElementById(mainContentId)?.focus();
}

/** Tab from the last element goes to the first, Shift+Tab from the first to the last; from outside, in. */
function keepTabInside(panel: HTMLElement, event: KeyboardEvent): void {
  const focusable = focusableIn(panel);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
  } else if (!panel.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

type DialogFocusOptions = {
  onClose: () => void;
  /** False while the dialog must stay open (a form submitting): Escape does nothing. */
  dismissible?: boolean;
  /** What takes focus as the dialog opens; the panel itself when this finds nothing or is left out. */
  initialFocus?: (panel: HTMLElement) => HTMLElement | undefined;
};

/**
 * A dialog's keyboard and focus: focus moves into `panelRef` as it opens, stays inside (Tab wraps),
 * and goes back to whatever had it on close. Escape and Tab are heard on the document, not the panel:
 * when the focused button goes away (a cart line removed, a view swapped for another), focus falls to
 * the body, and the dialog must still close on Escape and keep Tab inside. Focus that fell out that way
 * is brought back to the panel, so a screen reader stays in the dialog too.
 */
export function useDialogFocus(
  panelRef: RefObject<HTMLElement | null>,
  { onClose, dismissible = true, initialFocus }: DialogFocusOptions,
): void {
  const latest = useRef({ onClose, dismissible, initialFocus });
  latest.current = { onClose, dismissible, initialFocus };

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (!panel) return;
    (latest.current.initialFocus?.(panel) ?? panel).focus();
    openPanels.push(panel);
    const isOnTop = () => openPanels[openPanels.length - 1] === panel;

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isOnTop()) return;
      if (event.key === "Escape") {
        event.stopPropagation();
        if (latest.current.dismissible) latest.current.onClose();
        return;
      }
      if (event.key === "Tab") keepTabInside(panel, event);
    };
    // Removing the focused element sends no event, but it changes the panel's content.
    const refocus = new MutationObserver(() => {
      const active = document.activeElement;
      if (isOnTop() && (active === null || active === document.body)) panel.focus();
    });
    document.addEventListener("keydown", onKeyDown);
    refocus.observe(panel, { childList: true, subtree: true });
    return () => {
      refocus.disconnect();
      document.removeEventListener("keydown", onKeyDown);
      openPanels.splice(openPanels.indexOf(panel), 1);
      restoreFocus(previouslyFocused);
    };
  }, [panelRef]);
}
