import type { Readable } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import { type ImportMapping, importMappingSchema, newsletterCopy } from "@shop/shared/schemas/newsletter";
import { AppError, badRequest } from "../../../lib/errors.ts";

/** What an import's upload (and its preview) may be: the largest file, and the types browsers give CSV. */
export const maxFileBytes = 50 * 1024 * 1024;
const csvTypes = new Set([
  "text/csv",
  "application/csv",
  "text/plain",
  "text/tab-separated-values",
  "application/vnd.ms-excel",
  "application/octet-stream",
]);
export const fileTooLarge = "The file must be 50 MB or smaller";

/** The multipart plugin's failures as the client's 4xx. */
export function multipartError(error: unknown): never {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, fileTooLarge);
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") throw new AppError(415, newsletterCopy.invalidFile);
  if (error instanceof AppError) throw error;
  throw badRequest("The upload could not be read");
}

/** Refuses (415) a file part that is not the `file` field, or not a CSV by its name or type. */
export function checkCsvPart(part: MultipartFile): void {
  const named = /\.(csv|tsv|txt)$/.test(part.filename.toLowerCase());
  if (
    part.fieldname !== "file" ||
    !(named || part.mimetype === "text/csv" || part.mimetype === "text/tab-separated-values") ||
    !csvTypes.has(part.mimetype)
  ) {
    part.file.resume();
    throw new AppError(415, newsletterCopy.invalidFile);
  }
}

/** The `mapping` field: JSON checked by the shared schema, or a 400 saying what is wrong with it. */
export function mappingOf(value: string): ImportMapping {
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    throw badRequest(newsletterCopy.mappingUnreadable, { mapping: newsletterCopy.mappingUnreadable });
  }
  const parsed = importMappingSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? newsletterCopy.mappingUnreadable;
  throw badRequest(message, { mapping: message });
}

/**
 * The first `bytes` of an uploaded file; the rest is let through unread (the client sends only the
 * head anyway), so a preview never holds or parses a whole file. `partial`: the file went on.
 */
export async function headOf(file: Readable, bytes: number): Promise<{ head: Buffer; partial: boolean }> {
  const pieces: Buffer[] = [];
  let kept = 0;
  let partial = false;
  for await (const piece of file) {
    const buffer = piece as Buffer;
    if (kept >= bytes) {
      partial = true;
      continue;
    }
    const taken = buffer.subarray(0, bytes - kept);
    pieces.push(taken);
    kept += taken.length;
    if (taken.length < buffer.length) partial = true;
  }
  return { head: Buffer.concat(pieces), partial };
}
