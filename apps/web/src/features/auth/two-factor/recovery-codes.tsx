import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { messageOf } from "@/lib/api-client";
import { usePasswordConfirm } from "./password-confirm";
import { useRegenerateRecoveryCodes } from "./two-factor-api";

const ui = twoFactorCopy.ui;

/** Fresh codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm text-amber-900">{ui.recoveryShownOnce}</p>
      <ul aria-label={ui.recoveryHeading} className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button size="sm" className="mt-4" onClick={onDone}>
        {ui.savedCodes}
      </Button>
    </div>
  );
}

/** How many codes are left, and a way to make new ones (the old ones stop working). */
export function RecoveryCodesPanel({ left, onCodes }: { left: number; onCodes: (codes: string[]) => void }) {
  const { withPassword, dialog } = usePasswordConfirm();
  const regenerate = useRegenerateRecoveryCodes(withPassword);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{ui.recoveryHeading}</h3>
      <p className="mt-1 text-sm text-slate-600">{ui.recoveryLeft(left)}</p>
      {regenerate.isError ? <FormAlert message={messageOf(regenerate.error)} /> : null}
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        isLoading={regenerate.isPending}
        onClick={() =>
          regenerate.mutate(undefined, {
            onSuccess: (data) => {
              if (data) onCodes(data.recoveryCodes);
            },
          })
        }
      >
        {ui.regenerate}
      </Button>
      {dialog}
    </div>
  );
}
