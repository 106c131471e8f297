import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { useId, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { Spinner } from "@/components/spinner";
import { messageOf } from "@/lib/api-client";
import { PasskeysPanel } from "./passkeys-panel";
import { RecoveryCodesPanel, RecoveryCodesShown } from "./recovery-codes";
import { TotpPanel } from "./totp-panel";
import { useTwoFactorStatus } from "./two-factor-api";

const ui = twoFactorCopy.ui;

/**
 * "Two-factor sign-in" on the profile page and on the enrolment a role requires: an authenticator
 * app, recovery codes and passkeys.
 */
export function TwoFactorSection() {
  const headingId = useId();
  const status = useTwoFactorStatus();
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const hasFactor = Boolean(status.data && (status.data.totp || status.data.passkeys.length > 0));

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {ui.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{ui.intro}</p>
      {status.data ? (
        <div className="mt-4 space-y-6">
          {status.data.required && !hasFactor ? (
            <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">{ui.requiredNotice}</p>
          ) : null}
          <TotpPanel enabled={status.data.totp} onCodes={setShownCodes} />
          {shownCodes ? (
            <RecoveryCodesShown codes={shownCodes} onDone={() => setShownCodes(null)} />
          ) : hasFactor ? (
            <RecoveryCodesPanel left={status.data.recoveryCodesLeft} onCodes={setShownCodes} />
          ) : null}
          <PasskeysPanel passkeys={status.data.passkeys} />
        </div>
      ) : status.isError ? (
        <div className="mt-4">
          <ErrorState
            title={ui.loadFailed}
            description={messageOf(status.error)}
            onRetry={() => void status.refetch()}
          />
        </div>
      ) : (
        <div className="flex justify-center py-8">
          <Spinner label={ui.loading} />
        </div>
      )}
    </section>
  );
}
