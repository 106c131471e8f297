import { uiCopy } from "@shop/shared/ui-copy";
import { type ReactNode, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useBodyScrollLock } from "@/lib/use-body-scroll-lock";
import { focusableIn, useDialogFocus } from "@/lib/use-dialog-focus";
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

/**
 * The one dialog: rendered over the page, labelled by its title, focus kept inside and handed back
 * to whatever had it when the dialog closes (useDialogFocus, shared with the drawer).
 */
export function Modal({ title, description, onClose, children, footer, size = "md", dismissible = true }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useBodyScrollLock(true);
  useDialogFocus(panelRef, {
    onClose,
    dismissible,
    initialFocus: (panel) => focusableIn(panel).find((el) => !el.dataset.modalClose),
  });

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
