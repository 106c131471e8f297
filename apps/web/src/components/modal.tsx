import { uiCopy } from "@shop/shared/ui-copy";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { mainContentId } from "@/lib/main-content";
import { useBodyScrollLock } from "@/lib/use-body-scroll-lock";
import { CloseIcon } from "./icons";

export type ModalSize = "sm" | "md" | "lg" | "xl";

const widths: Record<ModalSize, string> = {
  sm: "max-w-sm",
  md: "max-w-lg",
  lg: "max-w-2xl",
  xl: "max-w-4xl",
};

type ModalProps = {
  title: string;
  description?: string;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
  /** False while the modal must stay open (a form submitting): Esc, the backdrop and × do nothing. */
  dismissible?: boolean;
};

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));
}

/** Open dialogs, the last on top: keys are the top one's (a confirm over a form, say). */
const openPanels: HTMLElement[] = [];

/**
 * Where focus goes when a dialog closes: back to what had it, or, when that is gone (the row it
 * deleted, the selection bar it emptied), to the page's main region rather than the document body.
 */
function restoreFocus(previouslyFocused: HTMLElement | null): void {
  if (previouslyFocused?.isConnected) previouslyFocused.focus();
  else document.getElementById(mainContentId)?.focus();
}

/**
 * The one dialog: rendered over the page, labelled by its title, focus kept inside
 * and handed back to whatever had it when the dialog closes. Escape and Tab are heard on the
 * document, not the panel: when a view swaps out the button that had focus, focus falls to the body,
 * and the dialog must still close on Escape and keep Tab inside.
 */
export function Modal({ title, description, onClose, children, footer, size = "md", dismissible = true }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ onClose, dismissible });
  latest.current = { onClose, dismissible };
  useBodyScrollLock(true);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (!panel) return;
    (focusableIn(panel).find((el) => !el.dataset.modalClose) ?? panel).focus();
    openPanels.push(panel);
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (openPanels[openPanels.length - 1] !== panel) return;
      if (event.key === "Escape") {
        event.stopPropagation();
        if (latest.current.dismissible) latest.current.onClose();
        return;
      }
      if (event.key === "Tab") keepTabInside(panel, event);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      openPanels.splice(openPanels.indexOf(panel), 1);
      restoreFocus(previouslyFocused);
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-slate-950/50 backdrop-blur-sm motion-safe:animate-fade-in"
        onClick={dismissible ? onClose : undefined}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative flex max-h-[90vh] w-full ${widths[size]} flex-col overflow-hidden rounded-2xl bg-white shadow-2xl outline-none motion-safe:animate-pop-in`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            data-modal-close="true"
            onClick={onClose}
            disabled={!dismissible}
            aria-label={uiCopy.modal.close}
            className="-mr-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="overflow-y-auto px-6 py-5">{children}</div>
        {footer ? (
          <div className="flex justify-end gap-3 border-t border-slate-100 bg-slate-50 px-6 py-4">{footer}</div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

/** Tab from the last element goes to the first, Shift+Tab from the first to the last; from outside, in. */
function keepTabInside(panel: HTMLElement, event: globalThis.KeyboardEvent): void {
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
