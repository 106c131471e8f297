import { z } from "zod";
import { text } from "./common.ts";
import type { LoginResult } from "./users.ts";

/**
 * Second factors (issue 17): TOTP, recovery codes and passkeys. A passkey's WebAuthn answer is
 * checked by @simplewebauthn/server, so here it is only bounded: an object of strings, small enough.
 */

/** Six digits, spaces allowed as typed from an app that groups them. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your app"));

/** Ten letters and digits, grouped 5-5 when shown; any case, dashes and spaces ignored. */
export const recoveryCodeSchema = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]/g, "").toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, "Enter one of your recovery codes"));

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, "Invalid credential");

/** A browser's WebAuthn answer, as @simplewebauthn/browser returns it (checked in full on the server). */
export const webauthnResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url.optional(),
    authenticatorData: base64url.optional(),
    signature: base64url.optional(),
    userHandle: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  // Extensions we do not ask for: dropped rather than passed on.
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});
export type WebauthnResponse = z.infer<typeof webauthnResponseSchema>;

/** The sign-in's first step answered by a password, for a user with a second factor. */
const challengeToken = z.string().min(1).max(2048);

const secondFactorMethods = ["totp", "recovery", "passkey"] as const;

/**
 * One closed object rather than a union (so no extra key slips through): the code, spaces and dashes
 * dropped and lower-cased, must fit the method — 6 digits, or a 10-character recovery code — and a
 * passkey brings its credential.
 */
export const secondFactorSchema = z
  .strictObject({
    challenge: challengeToken,
    method: z.enum(secondFactorMethods),
    code: z
      .string()
      .max(40)
      .transform((value) => value.replace(/[\s-]/g, "").toLowerCase())
      .optional(),
    credential: webauthnResponseSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.method === "passkey") {
      if (!value.credential) context.addIssue({ code: "custom", path: ["credential"], message: "Invalid credential" });
      return;
    }
    const checked = (value.method === "totp" ? totpCodeSchema : recoveryCodeSchema).safeParse(value.code ?? "");
    if (!checked.success) {
      context.addIssue({ code: "custom", path: ["code"], message: checked.error.issues[0]?.message ?? "Invalid code" });
    }
  });
export type SecondFactorInput = z.infer<typeof secondFactorSchema>;

/** Options for a passkey sign-in: with a challenge, as the second factor of that sign-in; without, passwordless. */
export const passkeyLoginOptionsSchema = z.strictObject({ challenge: challengeToken.optional() });

export const passkeyLoginSchema = z.strictObject({ credential: webauthnResponseSchema });

export const totpConfirmSchema = z.strictObject({ code: totpCodeSchema });

export const passkeyRegisterSchema = z.strictObject({
  name: text(60).pipe(z.string().min(1, "Name the passkey")),
  credential: webauthnResponseSchema,
});
export type PasskeyRegister = z.infer<typeof passkeyRegisterSchema>;

export type SecondFactorMethod = "totp" | "passkey" | "recovery";

/** POST /api/users/login for a user with a second factor: no token yet. */
export type SecondFactorChallenge = { twoFactorRequired: true; challenge: string; methods: SecondFactorMethod[] };

export type TotpSetup = { secret: string; uri: string };
export type RecoveryCodes = { recoveryCodes: string[] };

export type PasskeyDto = { _id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** GET /api/users/two-factor: what the caller has, and whether their role insists. */
export type TwoFactorStatus = {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeyDto[];
  required: boolean;
};

/** What POST /api/users/login answers: a session (flagged when the role wants a factor first) or a challenge. */
export type SignedInAnswer = LoginResult & { twoFactorSetupRequired?: true };
export type PasswordAnswer = SignedInAnswer | SecondFactorChallenge;
