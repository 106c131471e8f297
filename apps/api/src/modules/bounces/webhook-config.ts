import type { KeyObject } from "node:crypto";
import { z } from "zod";
import { sendgridPublicKey } from "./verify-sendgrid.ts";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const secret = z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional());

/** The bounce webhooks' settings: each adapter is off (its route answers 404) until its secret is set. */
export const bounceWebhookEnv = {
  BOUNCE_WEBHOOK_TOKEN: secret,
  SENDGRID_WEBHOOK_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().max(4_096).optional()),
  POSTMARK_WEBHOOK_USER: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  POSTMARK_WEBHOOK_PASSWORD: secret,
  SES_SNS_TOPIC_ARNS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => v.split(",").every((arn) => /^arn:aws(-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}$/.test(arn.trim())),
        "must be a comma-separated list of SNS topic ARNs such as arn:aws:sns:eu-west-1:123456789012:bounces",
      )
      .optional(),
  ),
};

export type BounceWebhookConfig = {
  /** POST /api/bounces: callers send it as a bearer token. */
  token: string | undefined;
  /** SendGrid's verification key for its signed event webhook. */
  sendgridKey: KeyObject | undefined;
  /** Postmark's webhook is called with these basic credentials (set in its webhook URL). */
  postmark: { user: string; password: string } | undefined;
  /**
   * SNS topics whose notifications are accepted. The SES adapter is off without them: a valid SNS
   * signature only proves the message came from SNS, and any AWS account can point a topic at us.
   */
  sesTopicArns: string[];
};

type Env = z.output<z.ZodObject<typeof bounceWebhookEnv>>;

/** Reads the webhook settings; throws a message naming the variable when one cannot be used. */
export function bounceWebhooksOf(env: Env, fail: (message: string) => Error): BounceWebhookConfig {
  let sendgridKey: KeyObject | undefined;
  if (env.SENDGRID_WEBHOOK_PUBLIC_KEY) {
    try {
      sendgridKey = sendgridPublicKey(env.SENDGRID_WEBHOOK_PUBLIC_KEY);
    } catch {
      throw fail("Invalid configuration: SENDGRID_WEBHOOK_PUBLIC_KEY must be SendGrid's verification key (ECDSA)");
    }
  }
  const { POSTMARK_WEBHOOK_USER: user, POSTMARK_WEBHOOK_PASSWORD: password } = env;
  if (Boolean(user) !== Boolean(password)) {
    throw fail("Invalid configuration: POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD must be set together");
  }
  return {
    token: env.BOUNCE_WEBHOOK_TOKEN,
    sendgridKey,
    postmark: user && password ? { user, password } : undefined,
    sesTopicArns: env.SES_SNS_TOPIC_ARNS ? env.SES_SNS_TOPIC_ARNS.split(",").map((arn) => arn.trim()) : [],
  };
}
