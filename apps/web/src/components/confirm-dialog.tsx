import { uiCopy } from "@shop/shared/ui-copy";
import type { ReactNode } from "react";
import { Button } from "./button";
import { FormAlert } from "./form-alert";
import { Modal } from "./modal";

type ConfirmDialogProps = {
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive actions (delete, deactivate) get the red button. */
  tone?: "default" | "danger";
  isPending?: boolean;
  /** Why the action failed or cannot be done (a 409 from the server); shown in the dialog, not behind it. */
  error?: string | null;
  /** The action cannot go ahead (the error says why): only Cancel remains. */
  confirmDisabled?: boolean;
};

/** "Are you sure?" — render it while the question is open; it cannot be dismissed mid-action. */
export function ConfirmDialog({
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = uiCopy.modal.confirm,
  cancelLabel = uiCopy.modal.cancel,
  tone = "default",
  isPending = false,
  error = null,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      size="sm"
      dismissible={!isPending}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={isPending}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === "danger" ? "danger" : "primary"}
            onClick={onConfirm}
            isLoading={isPending}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-slate-700">{message}</div>
      <FormAlert message={error} className="mt-4" />
    </Modal>
  );
}
