import { accountCopy } from "@shop/shared/account-copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { api, messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";

const t = accountCopy.manager;

/** POST /users/:id/send-password-reset: the user gets the same one-hour link as from "Forgot password?". */
async function sendPasswordResetLink(id: string): Promise<string> {
  return (await api.post<unknown>(`/users/${encodeURIComponent(id)}/send-password-reset`)).message;
}

/**
 * A user manager's "Send password reset link", instead of typing someone's password: the row's
 * button (rendered by the caller, so it looks like the others) opens a confirmation.
 */
export function SendResetLink({ user, children }: { user: UserDto; children: (open: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const send = useMutation({ mutationFn: sendPasswordResetLink });

  const confirm = async () => {
    try {
      toast.success(await send.mutateAsync(user._id));
      setOpen(false);
    } catch {
      // The dialog shows the reason and stays open.
    }
  };

  return (
    <>
      {children(() => {
        send.reset();
        setOpen(true);
      })}
      {open ? (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirm(user.email)}
          confirmLabel={t.action}
          isPending={send.isPending}
          error={send.isError ? messageOf(send.error) : null}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
