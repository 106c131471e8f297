import type { UserDto } from "@shop/shared/schemas/users";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { api, messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";

const ui = twoFactorCopy.ui;

/** POST /users/:id/reset-two-factor: their app, recovery codes and passkeys go; the log records who did it. */
async function resetTwoFactor(id: string): Promise<string> {
  return (await api.post<unknown>(`/users/${encodeURIComponent(id)}/reset-two-factor`)).message;
}

/** A user manager's "Reset two-factor" for someone who lost their phone: the row's button opens a confirmation. */
export function ResetTwoFactor({ user, children }: { user: UserDto; children: (open: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const reset = useMutation({ mutationFn: resetTwoFactor });

  return (
    <>
      {children(() => {
        reset.reset();
        setOpen(true);
      })}
      {open ? (
        <ConfirmDialog
          title={ui.resetTwoFactor}
          message={ui.resetTwoFactorConfirm(user.name)}
          confirmLabel={ui.resetTwoFactor}
          tone="danger"
          isPending={reset.isPending}
          error={reset.isError ? messageOf(reset.error) : null}
          onConfirm={() =>
            reset.mutate(user._id, {
              onSuccess: (message) => {
                toast.success(message);
                setOpen(false);
              },
            })
          }
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
