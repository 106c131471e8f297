import type { SignedInAnswer } from "@shop/shared/schemas/two-factor";
import { recoveryCodeSchema, type SecondFactorChallenge, totpCodeSchema } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { messageOf } from "@/lib/api-client";
import { PasskeyButton } from "./passkey-sign-in";
import { secondFactorSignIn } from "./sign-in-api";

const ui = twoFactorCopy.ui;

/** The sign-in's own step after a right password: a code from the app, a recovery code or a passkey. */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onStartOver,
}: {
  challenge: SecondFactorChallenge;
  onSignedIn: (answer: SignedInAnswer) => Promise<void>;
  onStartOver: () => void;
}) {
  const canUseCode = challenge.methods.includes("totp");
  const [mode, setMode] = useState<"totp" | "recovery">(canUseCode ? "totp" : "recovery");
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (mode === "totp" ? totpCodeSchema : recoveryCodeSchema).safeParse(code);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await secondFactorSignIn({ challenge: challenge.challenge, method: mode, code: parsed.data });
      await onSignedIn(data);
    } catch (error) {
      setProblem(messageOf(error));
      setBusy(false);
    }
  };

  const switchTo = (next: "totp" | "recovery") => {
    setMode(next);
    setCode("");
    setProblem(null);
  };

  return (
    <div className="mt-6 space-y-5">
      <h2 className="text-lg font-semibold text-slate-900">{ui.secondStepTitle}</h2>
      <FormAlert message={problem} />
      <form onSubmit={submit} noValidate className="space-y-4">
        {mode === "totp" ? <p className="text-sm text-slate-600">{ui.enterCode}</p> : null}
        <TextField
          key={mode}
          label={mode === "totp" ? ui.code : ui.recoveryCode}
          inputMode={mode === "totp" ? "numeric" : "text"}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" isLoading={busy}>
          {busy ? ui.verifying : ui.verify}
        </Button>
      </form>
      {challenge.methods.includes("passkey") ? (
        <PasskeyButton
          challenge={challenge.challenge}
          send={(credential) => secondFactorSignIn({ challenge: challenge.challenge, method: "passkey", credential })}
          onSignedIn={onSignedIn}
        />
      ) : null}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {canUseCode && mode === "recovery" ? (
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => switchTo("totp")}>
            {ui.useCode}
          </button>
        ) : challenge.methods.includes("recovery") && mode === "totp" ? (
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => switchTo("recovery")}
          >
            {ui.useRecovery}
          </button>
        ) : (
          <span />
        )}
        <button type="button" className="font-medium text-slate-600 hover:underline" onClick={onStartOver}>
          {ui.startOver}
        </button>
      </div>
    </div>
  );
}
