import { zodResolver } from "@hookform/resolvers/zod";
import { accountCopy } from "@shop/shared/account-copy";
import { type ForgotPasswordInput, forgotPasswordSchema } from "@shop/shared/schemas/account";
import { uiCopy } from "@shop/shared/ui-copy";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { messageOf } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { requestPasswordReset } from "./api";
import { AuthCard, authLinkClasses, DoneNote } from "./auth-card";

const t = accountCopy.forgot;

/** /forgot-password: asks for the address; the answer never says whether it has an account. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const { message } = await requestPasswordReset(input);
      setSent(message);
    } catch (error) {
      setFailure(messageOf(error));
    }
  });

  return (
    <AuthCard title={t.title} intro={sent ? undefined : t.intro}>
      {sent ? (
        <DoneNote>{sent}</DoneNote>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
          <FormAlert message={failure} />
          <TextField
            label={uiCopy.auth.email}
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...register("email")}
          />
          <Button type="submit" size="lg" className="w-full" isLoading={isSubmitting}>
            {t.submit}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className={authLinkClasses}>
          {t.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
