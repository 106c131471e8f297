import { totpCodeSchema } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { messageOf } from "@/lib/api-client";
import { usePasswordConfirm } from "./password-confirm";
import { QrCode } from "./qr-code";
import { useConfirmTotp, useDisableTotp, useStartTotp } from "./two-factor-api";

const ui = twoFactorCopy.ui;

/** The key in groups of four, as authenticator apps show keys typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Turns an authenticator app on: a QR code and the key as text, then a first code from the app —
 * only that code turns it on, so a mis-scan changes nothing.
 */
export function TotpPanel({ enabled, onCodes }: { enabled: boolean; onCodes: (codes: string[]) => void }) {
  const { withPassword, dialog } = usePasswordConfirm();
  const start = useStartTotp(withPassword);
  const confirm = useConfirmTotp();
  const disable = useDisableTotp(withPassword);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const [removing, setRemoving] = useState(false);
  const setup = start.data && !confirm.isSuccess ? start.data : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) return setCodeError(parsed.error.issues[0]?.message);
    setCodeError(undefined);
    confirm.mutate(parsed.data, {
      onSuccess: (data) => {
        setCode("");
        start.reset();
        if (data.recoveryCodes.length > 0) onCodes(data.recoveryCodes);
      },
      onError: (error) => setCodeError(messageOf(error)),
    });
  };

  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">
        {ui.totpHeading}:{" "}
        <span className={enabled ? "text-emerald-700" : "text-slate-500"}>{enabled ? ui.totpOn : ui.totpOff}</span>
      </h3>
      {setup ? (
        <form onSubmit={submit} noValidate className="mt-3 space-y-4">
          <p className="text-sm text-slate-600">{ui.scanQr}</p>
          <QrCode value={setup.uri} label="QR code" />
          <div className="text-sm">
            <span className="font-medium text-slate-700">{ui.keyLabel}: </span>
            <code data-testid="totp-key" className="break-all font-mono text-slate-900">
              {grouped(setup.secret)}
            </code>
          </div>
          <TextField
            label={ui.confirmCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={codeError}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" isLoading={confirm.isPending}>
              {ui.confirm}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => start.reset()}>
              {ui.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={enabled ? "outline" : "primary"}
            isLoading={start.isPending}
            onClick={() => {
              confirm.reset();
              start.mutate(undefined);
            }}
          >
            {ui.setUpTotp}
          </Button>
          {enabled ? (
            <Button size="sm" variant="outline" onClick={() => setRemoving(true)}>
              {ui.removeTotp}
            </Button>
          ) : null}
        </div>
      )}
      {start.isError ? <FormAlert className="mt-2" message={messageOf(start.error)} /> : null}
      {removing ? (
        <ConfirmDialog
          title={ui.removeTotp}
          message={ui.removeTotpConfirm}
          tone="danger"
          confirmLabel={ui.removeTotp}
          isPending={disable.isPending}
          error={disable.isError ? messageOf(disable.error) : null}
          onCancel={() => {
            disable.reset();
            setRemoving(false);
          }}
          onConfirm={() => disable.mutate(undefined, { onSuccess: () => setRemoving(false) })}
        />
      ) : null}
      {dialog}
    </div>
  );
}
