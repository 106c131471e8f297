import { zodResolver } from "@hookform/resolvers/zod";
import { accountCopy } from "@shop/shared/account-copy";
import { resetPasswordFormSchema } from "@shop/shared/schemas/account";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { ApiError, messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { paths } from "@/lib/paths";
import { resetPassword } from "./api";
import { AuthCard, authLinkClasses, DoneNote } from "./auth-card";

const t = accountCopy.reset;
type ResetFormInput = z.input<typeof resetPasswordFormSchema>;
type ResetFormValues = z.output<typeof resetPasswordFormSchema>;

/** A used, expired or tampered link: say so, and offer a new one. */
function InvalidLink() {
  return (
    <AuthCard title={t.invalidTitle} intro={t.invalid}>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.forgotPassword} className={authLinkClasses}>
          {t.askAgain}
        </Link>
      </p>
    </AuthCard>
  );
}

/** /reset-password?token=…: the link from the email sets a new password, once. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [state, setState] = useState<"form" | "done" | "invalid">(token ? "form" : "invalid");
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetFormInput, unknown, ResetFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await resetPassword({ token, password });
      setState("done");
    } catch (error) {
      // A link the server will never accept (spent, expired, tampered or cut short): say so, offer a new one.
      if (
        error instanceof ApiError &&
        error.status === 400 &&
        (error.message === t.invalid || error.fieldErrors.token)
      ) {
        setState("invalid");
      } else if (!applyServerFieldErrors(error, setError, ["password"])) setFailure(messageOf(error));
    }
  });

  if (state === "invalid") return <InvalidLink />;
  if (state === "done") {
    return (
      <AuthCard title={t.title}>
        <DoneNote>{t.done}</DoneNote>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.login} className={authLinkClasses}>
            {t.signIn}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.title}>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
        <FormAlert message={failure} />
        <TextField
          label={t.newPassword}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label={t.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button type="submit" size="lg" className="w-full" isLoading={isSubmitting}>
          {t.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
