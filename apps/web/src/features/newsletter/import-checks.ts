import { audienceCopy } from "@shop/shared/audience-copy";
import { newsletterCopy } from "@shop/shared/schemas/newsletter";

/**
 * Spec section 5: a CSV by its type, or by a name ending .csv (browsers type CSV differently), and
 * nothing else. The server still reads a tab-separated or UTF-16 file named .csv (Excel's "Unicode
 * Text" renamed), so the modal's rule costs such a file only its name.
 */
export function isCsvFile(file: Pick<File, "name" | "type">): boolean {
  return file.type === "text/csv" || file.name.toLowerCase().endsWith(".csv");
}

/** Why a picked file cannot be imported, or null. */
export function fileProblem(file: Pick<File, "name" | "type">): string | null {
  return isCsvFile(file) ? null : newsletterCopy.invalidFile;
}

export type ImportProblems = { file?: string; tags?: string; mapping?: string };

/**
 * What stops an import from starting (spec section 5): no file, or no tag; and, once the file's
 * columns are shown, no email column chosen.
 */
export function importProblems(
  file: File | null,
  tagIds: readonly string[],
  mapping?: { email: number | null } | null,
): ImportProblems | null {
  const problems: ImportProblems = {
    ...(file ? (fileProblem(file) ? { file: newsletterCopy.invalidFile } : {}) : { file: newsletterCopy.selectFile }),
    ...(tagIds.length === 0 && { tags: newsletterCopy.selectTag }),
    ...(file && mapping?.email === null && { mapping: audienceCopy.import.mapping.chooseEmail }),
  };
  return problems.file || problems.tags || problems.mapping ? problems : null;
}
