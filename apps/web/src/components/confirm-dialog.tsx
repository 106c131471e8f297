import { uiCopy } from "@shop/shared/ui-copy";
import { Button } from "./button";
import { Modal } from "./modal";

type ConfirmDialogProps = {
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive actions (delete, deactivate) get the red button. */
  tone?: "default" | "danger";
  isPending?: boolean;
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
          <Button variant={tone === "danger" ? "danger" : "primary"} onClick={onConfirm} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{message}</p>
    </Modal>
  );
}
