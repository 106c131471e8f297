import type { Reauth } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "@/components/button";
import { TextField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { ApiError } from "@/lib/api-client";

const ui = twoFactorCopy.ui;

/**
 * Runs a change of one's own factors; if the server wants the password first, asks for it and runs the same
 * change again with it. Null when the prompt is cancelled: nothing was changed.
 */
export type WithPassword = <T>(change: (reauth: Reauth) => Promise<T>) => Promise<T | null>;

type Prompt = { hint: string; retry: (currentPassword: string) => Promise<void>; cancel: () => void };

/** The 403 of a session signed in long ago (apps/api auth/recent-sign-in.ts): what to say above the field. */
const passwordAsked = (error: unknown) => (error instanceof ApiError ? error.fieldErrors.currentPassword : undefined);

/** A wrong password (400) or too many tries (429, no field error of its own): the prompt shows it and stays. */
const passwordRefused = (error: unknown) =>
  passwordAsked(error) ?? (error instanceof ApiError && error.status === 429 ? error.message : undefined);

/**
 * The password is asked again for each change rather than kept for the page: the server skips it only right
 * after a sign-in, so a kept password would be sent again unseen, each time counted by the sign-in throttle,
 * and one changed meanwhile in the password form on the same page would be refused. Factor changes are rare.
 * Render `dialog` once; pass `withPassword` to the factor changes (two-factor-api.ts). A removal's confirm
 * dialog stays open, pending, under the prompt: the change it started is still under way until it settles.
 */
export function usePasswordConfirm(): { withPassword: WithPassword; dialog: ReactNode } {
  const [prompt, setPrompt] = useState<Prompt | null>(null);

  const withPassword: WithPassword = async (change) => {
    try {
      return await change(undefined);
    } catch (error) {
      const hint = passwordAsked(error);
      if (hint === undefined) throw error;
      return new Promise((resolve, reject) => {
        setPrompt({
          hint,
          retry: async (currentPassword) => {
            try {
              resolve(await change({ currentPassword }));
            } catch (retryError) {
              if (passwordRefused(retryError) !== undefined) throw retryError;
              // Refused for another reason (the last factor a role requires): the change's caller says why.
              reject(retryError);
            }
            setPrompt(null);
          },
          cancel: () => {
            setPrompt(null);
            resolve(null);
          },
        });
      });
    }
  };

  return { withPassword, dialog: prompt ? <PasswordConfirmDialog {...prompt} /> : null };
}

function PasswordConfirmDialog({ hint, retry, cancel }: Prompt) {
  const formId = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(ui.passwordRequired);
    setError(undefined);
    setPending(true);
    try {
      await retry(password);
    } catch (refusal) {
      setError(passwordRefused(refusal));
      setPending(false);
    }
  };

  return (
    <Modal
      title={ui.confirmPasswordTitle}
      onClose={cancel}
      size="sm"
      dismissible={!pending}
      footer={
        <>
          <Button variant="outline" onClick={cancel} disabled={pending}>
            {ui.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={pending}>
            {ui.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label={ui.currentPassword}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={hint}
          error={error}
        />
      </form>
    </Modal>
  );
}
