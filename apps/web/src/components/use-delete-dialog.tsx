import { type ReactNode, useState } from "react";
import { messageOf } from "@/lib/api-client";
import { isRefusal } from "@/lib/refusal";
import { useToast } from "@/lib/toasts";
import { ConfirmDialog } from "./confirm-dialog";

/** The parts of a delete mutation the dialog needs (TanStack Query's result has them all). */
type DeleteMutation = {
  mutateAsync: (id: string) => Promise<unknown>;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

type DeleteDialogOptions<Item> = {
  mutation: DeleteMutation;
  idOf: (item: Item) => string;
  title: string;
  message: (item: Item) => string;
  confirmLabel: string;
  /** The toast once it is gone. */
  deleted: string;
  /** Shown in the dialog when the server gives no reason of its own. */
  failed: string;
  /** The server's refusal is final (a 409 for a category in use): only Cancel remains. No answer is not a refusal. */
  finalOnError?: boolean;
};

/**
 * The delete flow every admin list shares: ask first, delete, say so; when the server refuses,
 * the dialog stays open with its reason. Render `dialog` once; call `ask(item)` from a row.
 */
export function useDeleteDialog<Item>({
  mutation,
  idOf,
  title,
  message,
  confirmLabel,
  deleted,
  failed,
  finalOnError = false,
}: DeleteDialogOptions<Item>): { ask: (item: Item) => void; dialog: ReactNode } {
  const toast = useToast();
  const [target, setTarget] = useState<Item | null>(null);

  const ask = (item: Item) => {
    mutation.reset();
    setTarget(item);
  };

  const confirm = async (item: Item) => {
    try {
      await mutation.mutateAsync(idOf(item));
      toast.success(deleted);
      setTarget(null);
    } catch {
      // The dialog shows the reason (mutation.error) and stays open.
    }
  };

  const dialog =
    target === null ? null : (
      <ConfirmDialog
        title={title}
        message={message(target)}
        confirmLabel={confirmLabel}
        tone="danger"
        isPending={mutation.isPending}
        error={mutation.isError ? messageOf(mutation.error, failed) : null}
        confirmDisabled={finalOnError && mutation.isError && isRefusal(mutation.error)}
        onConfirm={() => void confirm(target)}
        onCancel={() => setTarget(null)}
      />
    );
  return { ask, dialog };
}
