import { z } from "zod";
import { copy } from "../copy.ts";
import { emailSchema, passwordSchema } from "./users.ts";

/** POST /api/users/forgot-password: one address; the answer is the same whoever owns it. */
export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The link's token is 32 random bytes in base64url (43 characters); anything far off is refused early. */
export const resetTokenSchema = z
  .string()
  .trim()
  .min(1, copy.validation.required("Token"))
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid token");

/** POST /api/users/reset-password: the spec's password rules, as everywhere else. */
export const resetPasswordSchema = z.strictObject({ token: resetTokenSchema, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset page adds a confirmation the API never sees. */
export const resetPasswordFormSchema = z
  .strictObject({ password: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: copy.validation.passwordsMismatch,
    path: ["confirmPassword"],
  });

/** One of the caller's live sessions, as the profile page lists them. */
export const sessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** Null until the session has been used after signing in. */
  lastSeenAt: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The user agent in words, e.g. "Chrome on Windows". */
  browser: z.string(),
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionSchema>;
