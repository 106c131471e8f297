import { zodResolver } from "@hookform/resolvers/zod";
import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import { passwordChangeFormSchema } from "@shop/shared/schemas/users";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { CheckCircleIcon } from "@/components/icons";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import { useChangePassword } from "./change-password";

const t = adminCopy.profile;
type PasswordFormInput = z.input<typeof passwordChangeFormSchema>;
type PasswordFormValues = z.output<typeof passwordChangeFormSchema>;

const empty: PasswordFormInput = { currentPassword: "", newPassword: "", confirmNewPassword: "" };

/** Own password: the current one is required; afterwards every other session is signed out. */
export function PasswordForm() {
  const changePassword = useChangePassword();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFormInput, unknown, PasswordFormValues>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    setDone(false);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      reset(empty);
      setDone(true);
      toast.success(copy.users.passwordChanged);
    } catch (error) {
      const message = messageOf(error, t.failedPassword);
      if (!applyServerFieldErrors(error, setError, ["currentPassword", "newPassword"])) setFailure(message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t.passwordTitle}>
      {done ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
        >
          <CheckCircleIcon className="size-5 shrink-0" />
          {copy.users.passwordChanged}
        </p>
      ) : null}
      <FormAlert message={failure} />
      <TextField
        label={t.currentPassword}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <TextField
        label={t.newPassword}
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <TextField
        label={t.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        {...register("confirmNewPassword")}
      />
      <div className="flex justify-end">
        <Button type="submit" isLoading={isSubmitting}>
          {t.changePassword}
        </Button>
      </div>
    </form>
  );
}
