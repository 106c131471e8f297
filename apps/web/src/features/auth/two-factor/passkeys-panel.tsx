import type { PasskeyDto } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { messageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { passkeyProblem } from "./passkey-problem";
import { usePasswordConfirm } from "./password-confirm";
import { passkeyRegistrationOptions, useAddPasskey, useRemovePasskey } from "./two-factor-api";

const ui = twoFactorCopy.ui;

/** Passkeys: named, listed, removed; each one a second factor and a way to sign in without a password. */
export function PasskeysPanel({ passkeys }: { passkeys: PasskeyDto[] }) {
  const { withPassword, dialog } = usePasswordConfirm();
  const add = useAddPasskey();
  const remove = useRemovePasskey(withPassword);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<PasskeyDto | null>(null);

  const register = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem(ui.passkeyName);
    setProblem(null);
    setBusy(true);
    try {
      // The password, if asked, comes before the browser's own prompt, which the options start.
      const optionsJSON = await withPassword(passkeyRegistrationOptions);
      if (!optionsJSON) return;
      const credential = await startRegistration({ optionsJSON });
      await add.mutateAsync({ name: name.trim(), credential });
      setName("");
    } catch (error) {
      setProblem(passkeyProblem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{ui.passkeysHeading}</h3>
      {passkeys.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{ui.noPasskeys}</p>
      ) : (
        <ul aria-label={ui.passkeysHeading} className="mt-2 divide-y divide-slate-100 text-sm">
          {passkeys.map((passkey) => (
            <li key={passkey._id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="font-medium text-slate-900">{passkey.name}</span>{" "}
                <span className="text-slate-500">{formatDateTime(passkey.createdAt)}</span>
              </span>
              <Button size="sm" variant="outline" onClick={() => setRemoving(passkey)}>
                {ui.removePasskey}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {browserSupportsWebAuthn() ? (
        <form onSubmit={register} noValidate className="mt-3 flex flex-wrap items-end gap-2">
          <TextField
            label={ui.passkeyName}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            className="min-w-48 flex-1"
          />
          <Button type="submit" size="sm" variant="outline" isLoading={busy}>
            {ui.addPasskey}
          </Button>
        </form>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{ui.passkeyUnsupported}</p>
      )}
      <FormAlert className="mt-2" message={problem} />
      {removing ? (
        <ConfirmDialog
          title={ui.removePasskey}
          message={ui.removePasskeyConfirm(removing.name)}
          tone="danger"
          confirmLabel={ui.removePasskey}
          isPending={remove.isPending}
          error={remove.isError ? messageOf(remove.error) : null}
          onCancel={() => {
            remove.reset();
            setRemoving(null);
          }}
          onConfirm={() => remove.mutate(removing._id, { onSuccess: () => setRemoving(null) })}
        />
      ) : null}
      {dialog}
    </div>
  );
}
