import type { SignedInAnswer } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { useState } from "react";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { passkeyProblem } from "../two-factor/passkey-problem";
import { passkeySignInOptions } from "./sign-in-api";

type PasskeyAnswer = Awaited<ReturnType<typeof startAuthentication>>;

/**
 * "Use a passkey": asks the browser for a passkey and hands its answer to `send` — the passwordless
 * sign-in, or a sign-in's second step (then `challenge` narrows the prompt to that user's keys).
 */
export function PasskeyButton({
  challenge,
  send,
  onSignedIn,
}: {
  challenge?: string;
  send: (credential: PasskeyAnswer) => Promise<{ data: SignedInAnswer }>;
  onSignedIn: (answer: SignedInAnswer) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!browserSupportsWebAuthn()) return null;

  const use = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const credential = await startAuthentication({ optionsJSON: await passkeySignInOptions(challenge) });
      await onSignedIn((await send(credential)).data);
    } catch (error) {
      setProblem(passkeyProblem(error));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2">
      <Button type="button" variant="outline" size="lg" className="w-full" isLoading={busy} onClick={use}>
        {twoFactorCopy.ui.usePasskey}
      </Button>
      <FormAlert message={problem} />
    </div>
  );
}
