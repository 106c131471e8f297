import { accountCopy } from "@shop/shared/account-copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { api, messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";

const t = accountCopy.manager;

/** POST /users/:id/send-password-reset: the user gets the same one-hour link as from "Forgot password?". */
async function sendPasswordResetLink(id: string): Promise<string> {
  return (await api.post<unknown>(`/users/${encodeURIComponent(id)}/send-password-reset`)).message;
}

/**
 * A user manager's "Send password reset link" in the edit dialog, instead of typing someone's
 * password. Nothing changes until the user opens the link, so it needs no confirmation.
 */
export function SendResetLink({ user }: { user: UserDto }) {
  const toast = useToast();
  const send = useMutation({ mutationFn: sendPasswordResetLink });

  const onSend = async () => {
    try {
      toast.success(await send.mutateAsync(user._id));
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <p className="text-sm font-medium text-slate-700">{t.heading}</p>
      <p className="text-sm text-slate-600">{t.hint}</p>
      {send.isSuccess ? (
        <p role="status" className="text-sm text-emerald-700">
          {send.data}
        </p>
      ) : null}
      <FormAlert message={send.isError ? messageOf(send.error) : null} />
      <Button type="button" size="sm" variant="outline" isLoading={send.isPending} onClick={() => void onSend()}>
        {t.action}
      </Button>
    </div>
  );
}
