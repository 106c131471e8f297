import { z } from "zod";
import { ConfigError } from "../config.ts";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const bounceEnvSchema = z.object({
  BOUNCE_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
        "must be a domain such as bounces.example.com",
      )
      .optional(),
  ),
  BOUNCE_SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  BOUNCE_SMTP_HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  BOUNCE_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(10_000).max(50_000_000).default(2_000_000),
  ),
});

export type BounceConfig = {
  /** BOUNCE_DOMAIN: the domain of every bounces+… and unsubscribe+… address; the sender's when unset. */
  domain: string | undefined;
  /** BOUNCE_SMTP_PORT: the bounce listener's port; the listener is off when unset. */
  port: number | undefined;
  /** BOUNCE_SMTP_HOST: the address it binds; loopback by default (a local MTA hands it the mail). */
  host: string;
  /** BOUNCE_MAX_BYTES: a message larger than this is refused (552) while it arrives. */
  maxBytes: number;
};

/** The bounce settings, apart from config.ts: one line naming the variable when one is wrong. */
export function loadBounceConfig(env: NodeJS.ProcessEnv = process.env): BounceConfig {
  const parsed = bounceEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid configuration: ${issue?.path.join(".") ?? "BOUNCE"} ${issue?.message ?? "is invalid"}`,
    );
  }
  const e = parsed.data;
  return {
    domain: e.BOUNCE_DOMAIN?.toLowerCase(),
    port: e.BOUNCE_SMTP_PORT,
    host: e.BOUNCE_SMTP_HOST,
    maxBytes: e.BOUNCE_MAX_BYTES,
  };
}
