import type { ConsentSource } from "@shop/shared/schemas/newsletter";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { importConsents } from "../../db/schema/index.ts";

type ImportConsentRow = typeof importConsents.$inferSelect;

/**
 * Records an import's consent once, before its first row is written; each person it adds refers to
 * it by id (subscribers.import_consent_id) instead of carrying a copy.
 */
export async function recordImportConsent(db: Db, consent: ConsentSource): Promise<string> {
  const [row] = await db
    .insert(importConsents)
    .values({
      fileName: consent.fileName ?? null,
      importedById: consent.importedBy?.id ?? null,
      importedByName: consent.importedBy?.name ?? null,
      importedByEmail: consent.importedBy?.email ?? null,
      importedAt: consent.importedAt ? new Date(consent.importedAt) : null,
      importJobId: consent.importJobId ?? null,
    })
    .returning({ id: importConsents.id });
  if (!row) throw new Error("The import's consent was not recorded");
  return row.id;
}

/**
 * Takes back the consent of an import that wrote nobody: a file refused for what it holds (no email
 * column, no header row, not text) is refused before its first row, and a refusal changes nothing.
 */
export async function forgetImportConsent(db: Db, id: string): Promise<void> {
  await db.delete(importConsents).where(eq(importConsents.id, id));
}

/** As the subscriber answer has always given it (it was the row's own jsonb): absent parts left out. */
export function consentSourceOf(row: ImportConsentRow | null): ConsentSource | null {
  if (!row) return null;
  return {
    type: "import",
    ...(row.fileName !== null && { fileName: row.fileName }),
    ...(row.importedById !== null && {
      importedBy: { id: row.importedById, name: row.importedByName ?? "", email: row.importedByEmail ?? "" },
    }),
    ...(row.importedAt !== null && { importedAt: row.importedAt.toISOString() }),
    ...(row.importJobId !== null && { importJobId: row.importJobId }),
  };
}
