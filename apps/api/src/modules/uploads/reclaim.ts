import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/sql.ts";
import { uploadFolders } from "./images.ts";
import { asideSuffix, type FileStore } from "./storage.ts";

/** An upload younger than this is never taken: the form it was uploaded for may still be open. */
export const uploadGraceMs = 24 * 3_600_000;

/**
 * Tables whose rows may name an uploaded image, in any column, in any form (a path, a full address,
 * one width of it, inside Markdown, HTML or JSON): each row is read whole, as text, so a column added
 * later is covered too. Deleting a live image is the failure that matters here, so when in doubt a
 * table is on this list.
 */
export const referencingTables = [
  "products", // image, images (a hidden, "deleted", product can be restored: its row still counts)
  "categories",
  "subcategories",
  "hero_banners",
  "blog_posts", // cover_image, and pictures inside the Markdown body
  "settings",
  "campaigns", // the HTML: what was mailed points at its pictures, for as long as the campaign is kept
  "campaign_links",
  "contact_messages",
  "contacts",
] as const;

/**
 * Every other table, and why none of its rows is a use of an image. A test (upload-reclaim) checks
 * that the two lists together name every table, so a new table has to be placed in one of them.
 */
export const nonReferencingTables: Record<string, string> = {
  activity_logs: "history of what staff did, not something shown with its pictures",
  permissions: "names of permissions",
  roles: "names and permissions",
  role_permissions: "links between roles and permissions",
  users: "staff accounts: names, addresses, password hashes",
  sessions: "sign-in sessions",
  password_reset_tokens: "hashed tokens",
  user_totp: "encrypted second-factor secrets",
  recovery_codes: "hashed codes",
  passkeys: "WebAuthn credentials",
  webauthn_challenges: "WebAuthn challenges",
  // Read whole every hour, it would be the biggest scan here (a confirmation for every sign-up, kept
  // 30–90 days), and on PGlite one statement holds every request meanwhile.
  mail_outbox: "account mail, written by the code (reset links, confirmations, enquiry notices, replies): no pictures",
  campaign_recipients: "delivery state per address",
  former_subscriber_ids: "ids",
  former_recipients: "addresses mailed by campaigns whose history was deleted",
  campaign_logs: "delivery messages",
  campaign_events: "opens and clicks",
  delivery_events: "bounces and complaints",
  suppressions: "addresses",
  subscribers: "addresses and names",
  newsletter_tags: "tag names",
  subscriber_tags: "links between subscribers and tags",
  import_jobs: "CSV import progress",
  import_consents: "an import's file name, who ran it and when",
  erasures: "erasure records",
  pending_subscriber_changes: "queued subscriber changes",
  upload_usage: "bytes uploaded per person",
  job_turns: "when periodic jobs are next due",
  __drizzle_migrations: "applied migrations",
};

export type Reclaimed = { images: number; files: number; bytes: number };

/** What prepareImage names a variant: the first 20 hex digits of the upload's SHA-256, its width. */
const variantName = /^([0-9a-f]{20})-\d{1,5}\.webp$/;
/** Left by a write (storage.ts put) that a killed process never finished or cleaned up. */
const isPartial = (name: string) => name.startsWith(".") && name.endsWith(".partial");
const hashLength = 20;

/**
 * Every run of 20 or more hex digits in the rows that may name an image, and each 20-digit stretch of
 * the longer ones: a name counts as used wherever its hash appears, whatever is around it (more than
 * needed is kept at worst). The matching is done by the database, which sends back only the runs.
 */
async function hashesInUse(db: Db): Promise<Set<string>> {
  const used = new Set<string>();
  for (const table of referencingTables) {
    const runs = await queryRows<{ run: string }>(
      db,
      sql`select distinct m[1] as run
        from ${sql.identifier(table)} t, regexp_matches(lower(t::text), ${`([0-9a-f]{${hashLength},})`}, 'g') as m`,
    );
    for (const { run } of runs) {
      for (let at = 0; at + hashLength <= run.length; at += 1) used.add(run.slice(at, at + hashLength));
    }
  }
  return used;
}

/**
 * Deletes the uploaded images no record uses, each with all its widths, once every one of its files
 * is older than the grace period: an upload is made before the form that uses it is saved. Only the
 * files uploads make are looked at (a variant's name, in an upload folder); anything else stays.
 * The files are listed before the records are read, so a record saved meanwhile is seen; an upload
 * reusing a file meanwhile is not lost either (storage.ts reclaimFile).
 */
export async function reclaimUnusedUploads(
  db: Db,
  store: FileStore,
  options: { graceMs?: number } = {},
): Promise<Reclaimed> {
  const since = Date.now() - (options.graceMs ?? uploadGraceMs);
  const result: Reclaimed = { images: 0, files: 0, bytes: 0 };
  const candidates = new Map<string, { folder: string; names: string[]; fresh: boolean }>();
  const leftovers: { folder: string; name: string; modifiedMs: number }[] = [];
  for (const folder of uploadFolders) {
    for (const file of await store.list(folder)) {
      const hash = variantName.exec(file.name)?.[1];
      if (!hash) {
        if (isPartial(file.name) || file.name.endsWith(asideSuffix)) leftovers.push({ folder, ...file });
        continue;
      }
      const key = `${folder}/${hash}`;
      const image = candidates.get(key) ?? { folder, names: [], fresh: false };
      image.names.push(file.name);
      image.fresh ||= file.modifiedMs >= since;
      candidates.set(key, image);
    }
  }

  const used = await hashesInUse(db);
  for (const [key, image] of candidates) {
    const hash = key.slice(image.folder.length + 1);
    if (image.fresh || used.has(hash)) continue;
    let taken = 0;
    for (const name of image.names) {
      const bytes = await store.reclaim(`${image.folder}/${name}`, since);
      if (bytes === null) continue;
      taken += 1;
      result.bytes += bytes;
    }
    result.files += taken;
    if (taken > 0) result.images += 1;
  }

  for (const leftover of leftovers) {
    if (leftover.name.endsWith(asideSuffix)) {
      // A reclaim killed between its steps: put back, and judged again by the next run.
      await store.putBack(leftover.folder, leftover.name);
    } else if (leftover.modifiedMs < since) {
      result.bytes += (await store.reclaim(`${leftover.folder}/${leftover.name}`, since)) ?? 0;
    }
  }
  return result;
}
