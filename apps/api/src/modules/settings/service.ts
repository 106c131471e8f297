import { copy } from "@shop/shared/copy";
import { hasPermission } from "@shop/shared/permissions";
import { defaultSettings, type PublicSettings, type Settings, settingsSchema } from "@shop/shared/schemas/settings";
import { eq, sql } from "drizzle-orm";
import type { Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { ResponseCache } from "../../lib/response-cache.ts";

const key = "site";

/** Stored values over the defaults; anything stored that no longer validates falls back too. */
export async function getSettings(db: Db): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  const merged = { ...defaultSettings, ...(row?.value ?? {}) };
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultSettings;
}

/**
 * The settings as public routes need them (a sign-up reads double opt-in): from the public cache,
 * which a staff write to the settings drops, so a busy footer form costs no query. Never served as
 * is: the key is not a URL, and private fields stay inside the process.
 */
export async function cachedSettings(db: Db, cache: Pick<ResponseCache, "fill">): Promise<Settings> {
  const cached = await cache.fill("settings:all", async () => JSON.stringify(await getSettings(db)));
  return JSON.parse(cached.body) as Settings;
}

export function publicSettings(all: Settings): PublicSettings {
  const {
    mailFromName,
    mailFromAddress,
    mailReplyTo,
    doubleOptIn,
    enquiryNotifyEmails,
    enquiryConfirmation,
    softBouncesToBounce,
    ...visible
  } = all;
  return visible;
}

/**
 * Every new enquiry (who wrote, their address, phone and message) is emailed to these addresses, so
 * choosing them is reading contacts: the same permission the profile's enquiry alert asks for.
 */
function assertMayRedirectEnquiries(actor: Principal, before: Settings, input: Partial<Settings>): void {
  if (input.enquiryNotifyEmails === undefined || hasPermission(actor, "contact:view-contacts")) return;
  if (JSON.stringify(input.enquiryNotifyEmails) === JSON.stringify(before.enquiryNotifyEmails)) return;
  const message = copy.settings.enquiryNotifyEmailsNotAllowed;
  throw new AppError(403, message, { enquiryNotifyEmails: message });
}

/**
 * Saves the given settings over the stored ones. Saves take turns (a transaction lock), so two editors
 * saving different fields at once both keep their change, and `before` is what this save replaced.
 */
export async function updateSettings(db: Db, actor: Principal, input: Partial<Settings>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${key}`}))`);
    const before = await getSettings(tx);
    assertMayRedirectEnquiries(actor, before, input);
    const after = { ...before, ...input };
    await tx
      .insert(settings)
      .values({ key, value: after })
      .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedAt: new Date() } });
    return { before, after };
  });
}
