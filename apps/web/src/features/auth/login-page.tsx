import { zodResolver } from "@hookform/resolvers/zod";
import { accountCopy } from "@shop/shared/account-copy";
import { copy } from "@shop/shared/copy";
import type { SecondFactorChallenge } from "@shop/shared/schemas/two-factor";
import { type LoginInput, loginSchema } from "@shop/shared/schemas/users";
import { uiCopy } from "@shop/shared/ui-copy";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation } from "react-router";
import { clearAuthError, loginFailed, loginStarted } from "@/app/store/auth-slice";
import { useAppDispatch, useAppSelector } from "@/app/store/hooks";
import { Button } from "@/components/button";
import { TextField } from "@/components/form-field";
import { AlertCircleIcon } from "@/components/icons";
import { ApiError, messageOf } from "@/lib/api-client";
import { fromOf, paths } from "@/lib/paths";
import { PasskeyButton } from "./login/passkey-sign-in";
import { SecondFactorStep } from "./login/second-factor-step";
import { passkeySignIn, passwordSignIn } from "./login/sign-in-api";
import { afterSignIn, useFinishSignIn } from "./login/use-finish-sign-in";

export function LoginPage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const destination = fromOf(location.state) ?? paths.admin.dashboard;
  const finish = useFinishSignIn(destination);
  // A right password for a user with a second factor: the sign-in's next step (issue 17).
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const error = useAppSelector((state) => state.auth.error);
  const signedInAlready = useAppSelector((state) => Boolean(state.auth.token && state.user.userInfo));

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });

  useEffect(() => {
    return () => {
      dispatch(clearAuthError());
    };
  }, [dispatch]);

  const onSubmit = handleSubmit(async (credentials) => {
    dispatch(loginStarted());
    try {
      const { data } = await passwordSignIn(credentials);
      if ("twoFactorRequired" in data) {
        dispatch(clearAuthError());
        setChallenge(data);
        return;
      }
      await finish(data);
    } catch (failure) {
      // Every refused sign-in reads the same, so the page never tells which accounts exist or are deactivated.
      const refused = failure instanceof ApiError && failure.status === 401;
      dispatch(loginFailed(refused ? copy.auth.invalidCredentials : messageOf(failure)));
    }
  });

  if (signedInAlready && !isSubmitting) return <Navigate to={afterSignIn(destination)} replace />;

  return (
    <div className="flex min-h-[70vh] items-center justify-center bg-gradient-to-b from-brand-50/60 to-white px-4 py-16">
      <title>{`${uiCopy.auth.title} · ${uiCopy.brand}`}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-xl shadow-brand-900/5">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{uiCopy.auth.title}</h1>
        <p className="mt-2 text-sm text-slate-600">{uiCopy.auth.subtitle}</p>

        {error ? (
          <div
            role="alert"
            className="mt-6 flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          >
            <AlertCircleIcon className="size-5 shrink-0" />
            <span>{error}</span>
          </div>
        ) : null}

        {challenge ? (
          <SecondFactorStep challenge={challenge} onSignedIn={finish} onStartOver={() => setChallenge(null)} />
        ) : (
          <>
            <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
              <TextField
                label={uiCopy.auth.email}
                type="email"
                autoComplete="username"
                error={errors.email?.message}
                {...register("email")}
              />
              <TextField
                label={uiCopy.auth.password}
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...register("password")}
              />
              <p className="-mt-2 text-right text-sm">
                <Link
                  to={paths.forgotPassword}
                  className="font-medium text-brand-700 hover:text-brand-800 hover:underline"
                >
                  {accountCopy.forgot.link}
                </Link>
              </p>
              <Button type="submit" size="lg" className="w-full" isLoading={isSubmitting}>
                {isSubmitting ? uiCopy.auth.submitting : uiCopy.auth.submit}
              </Button>
            </form>
            <div className="mt-4">
              <PasskeyButton send={passkeySignIn} onSignedIn={finish} />
            </div>
          </>
        )}

        <p className="mt-6 text-center text-sm">
          <Link to={paths.home} className="font-medium text-brand-700 hover:text-brand-800 hover:underline">
            {uiCopy.auth.backToStore}
          </Link>
        </p>
      </div>
    </div>
  );
}
