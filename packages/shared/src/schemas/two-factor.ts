import { z } from "zod";
import { line } from "./common.ts";
import { loginResultSchema } from "./users.ts";

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
  name: line(60).pipe(z.string().min(1, "Name the passkey")),
  credential: webauthnResponseSchema,
});
export type PasskeyRegister = z.infer<typeof passkeyRegisterSchema>;

export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** POST /api/users/login for a user with a second factor: no token yet. */
export const secondFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(secondFactorMethods)),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const passkeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyDto = z.infer<typeof passkeySchema>;

/** GET /api/users/two-factor: what the caller has, and whether their role insists. */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number(),
  passkeys: z.array(passkeySchema),
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** What POST /api/users/login answers: a session (flagged when the role wants a factor first) or a challenge. */
export const signedInAnswerSchema = loginResultSchema.extend({ twoFactorSetupRequired: z.literal(true).optional() });
export type SignedInAnswer = z.infer<typeof signedInAnswerSchema>;
export const passwordAnswerSchema = z.union([signedInAnswerSchema, secondFactorChallengeSchema]);
export type PasswordAnswer = z.infer<typeof passwordAnswerSchema>;

/**
 * WebAuthn options for the browser's navigator.credentials call, passed on whole as the
 * WebAuthn JSON encoding defines them.
 */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

/**
 * The password, when a change of one's own factors asks for it again: a session signed in more than a few
 * minutes ago (apps/api auth/recent-sign-in.ts). The body may be left out (Fastify reads none as null).
 */
export const reauthSchema = z.strictObject({ currentPassword: z.string().min(1).max(200).optional() }).nullish();
export type Reauth = z.infer<typeof reauthSchema>;
