import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { TextDecoder } from "node:util";
import { unguardCell } from "@shop/shared/csv";
import { hasNonAsciiAddress, normaliseEmail } from "@shop/shared/email-address";
import {
  type ImportEncoding,
  type ImportMapping,
  type ImportResult,
  importColumnRoles,
  newsletterCopy,
} from "@shop/shared/schemas/newsletter";
import { AppError, badRequest } from "../../../lib/errors.ts";
import { AddressSet } from "./address-set.ts";
import { createCsvReader, noHeaderRow, sniffDelimiter, sniffNewline } from "./csv.ts";
import { type ColumnRole, findColumns } from "./headers.ts";

const maxReportedErrors = 100;
const maxLineChars = 64 * 1024;
const repeated = "Duplicate in this file";

/**
 * Close to what mail servers accept; the full RFC grammar is not worth its cost per row. Nothing it
 * accepts needs escaping in COPY text. What is left past ASCII once a domain is in punycode is refused
 * as a sign-up refuses it (hasNonAsciiAddress).
 */
// redos-safe: only ever tested on at most 254 characters (the length is checked first): quadratic at worst on that.
const emailPattern = /^[^\s@"<>(),;:\\[\]\0]+@[^\s@"<>(),;:\\[\]\0]+\.[A-Za-z]{2,63}$/;

/**
 * What reading the file has counted so far: the progress a job reports and the skips it answers with.
 * `encoding` is the one the file is read as: given beforehand when the whole file could be looked at
 * (`fileEncoding`), else decided from its first piece.
 */
export type ReadTally = Pick<ImportResult, "skippedCount" | "errors" | "encoding"> & {
  rowsRead: number;
  bytesRead: number;
};

export function emptyTally(encoding?: ImportEncoding): ReadTally {
  return { rowsRead: 0, bytesRead: 0, skippedCount: 0, errors: [], ...(encoding && { encoding }) };
}

export type ReadHandlers = {
  /** A valid address met for the first time in this file (lowercased), with its name or "". */
  onRow(line: number, email: string, name: string): void;
  /** After each piece of the file: where rows are written, so the file is read no faster than that. */
  afterPiece(): Promise<void>;
};

export function isBlank(record: string[]): boolean {
  return record.every((cell) => cell.trim() === "");
}

/** The encoding a byte order mark at the start of `head` names (the decoder drops the mark). */
function markedEncoding(head: Buffer): ImportEncoding | undefined {
  const [a, b, c] = head;
  if (a === 0xef && b === 0xbb && c === 0xbf) return "UTF-8 with BOM";
  if (a === 0xff && b === 0xfe) return "UTF-16LE";
  if (a === 0xfe && b === 0xff) return "UTF-16BE";
  return undefined;
}

const decoderLabels: Record<ImportEncoding, string> = {
  "UTF-8": "utf-8",
  "UTF-8 with BOM": "utf-8",
  "UTF-16LE": "utf-16le",
  "UTF-16BE": "utf-16be",
  "Windows-1252": "windows-1252",
};

/**
 * A file's encoding from its first piece alone, where that is all there is (a preview): a byte order
 * mark, else UTF-8 when the piece is valid UTF-8 (a character cut at its end is fine), else
 * Windows-1252, which is what Excel and most Windows tools save as "CSV".
 */
function headEncoding(head: Buffer): ImportEncoding {
  const marked = markedEncoding(head);
  if (marked) return marked;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return "UTF-8";
  } catch {
    return "Windows-1252";
  }
}

/**
 * The encoding of a whole file on disk, for an import to decide before its first row: its byte order
 * mark, else UTF-8 when all of it is valid UTF-8, else Windows-1252. A file saved by Windows whose
 * first pieces happen to be ASCII is Windows-1252 all the same, and its `é` further on is read as one.
 * One pass stopping at the first byte that is not UTF-8 (about 50 ms for 1,000,000 rows, 38 MB).
 */
export async function fileEncoding(path: string): Promise<ImportEncoding> {
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  /** Whether the file so far is UTF-8; without a piece, whether it ends where a character does. */
  const continuesUtf8 = (piece?: Buffer) => {
    try {
      utf8.decode(piece, { stream: piece !== undefined });
      return true;
    } catch {
      return false;
    }
  };
  let first = true;
  for await (const piece of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const marked = first ? markedEncoding(piece as Buffer) : undefined;
    if (marked) return marked;
    first = false;
    if (!continuesUtf8(piece as Buffer)) return "Windows-1252";
  }
  return continuesUtf8() ? "UTF-8" : "Windows-1252";
}

/**
 * The decoder for a file whose first piece is `head`, in `encoding` (by default decided from the head);
 * a file that is not text is refused (415).
 */
export function textDecoderFor(
  head: Buffer,
  encoding: ImportEncoding = headEncoding(head),
): { encoding: ImportEncoding; decoder: TextDecoder } {
  // UTF-16 is full of zero bytes; anything else holding one in its first 4 KB is not text.
  if (!encoding.startsWith("UTF-16") && head.subarray(0, 4096).includes(0)) {
    throw new AppError(415, newsletterCopy.invalidFile);
  }
  return { encoding, decoder: new TextDecoder(decoderLabels[encoding]) };
}

/** The CSV reader for a file whose decoded text starts with `text`: its separator and line ending sniffed. */
export function csvReaderFor(
  text: string,
  onRecord: (record: string[], line: number) => void,
  onError: (line: number, reason: string) => void,
) {
  const head = text.slice(0, 8192);
  return createCsvReader({
    delimiter: sniffDelimiter(head),
    newline: sniffNewline(head),
    maxRecordChars: maxLineChars,
    onRecord,
    onError,
  });
}

type Columns = Record<ColumnRole, number>;

/** The mapping staff chose, as positions in `header` (-1 for none); a position past its end is refused. */
function chosenColumns(mapping: ImportMapping, header: string[]): Columns {
  for (const role of ["email", "firstName", "lastName", "name"] as const) {
    const at = mapping[role];
    if (at !== null && at >= header.length) {
      throw badRequest(newsletterCopy.mappingColumnMissing(importColumnRoles[role], at + 1, header.length));
    }
  }
  return {
    email: mapping.email,
    first: mapping.firstName ?? -1,
    last: mapping.lastName ?? -1,
    name: mapping.name ?? -1,
  };
}

export type ReadOptions = {
  /** Sizes the set of addresses met. */
  expectedRows?: number;
  /** The columns staff chose; without it they are found by their header names. */
  mapping?: ImportMapping;
};

/**
 * Reads a CSV a piece at a time into valid, first-met addresses. Bad rows are counted in `tally` and
 * never stop the rest; a file that is not text, is empty or has no email column is refused (4xx).
 * What grows with the file is only the compact set of addresses met (a few MB per 100,000 rows).
 */
export async function readCsvRows(
  file: Readable,
  tally: ReadTally,
  handlers: ReadHandlers,
  { expectedRows = 0, mapping }: ReadOptions = {},
): Promise<void> {
  let columns: Columns | undefined;
  /** Every address met so far: a repeat is merged into its first row however far apart they are. */
  const seen = new AddressSet(expectedRows);

  const skip = (line: number, value: string, reason: string) => {
    tally.skippedCount += 1;
    if (tally.errors.length < maxReportedErrors) tally.errors.push({ line, value: value.slice(0, 200), reason });
  };
  const onRecord = (record: string[], line: number) => {
    if (!columns) {
      if (isBlank(record)) return;
      columns = mapping ? chosenColumns(mapping, record) : findColumns(record);
      if (columns.email < 0) throw badRequest("No email column found. Add a header row with an “email” column.");
      return;
    }
    tally.rowsRead += 1;
    const cell = record[columns.email] ?? "";
    // Our own export guards cells against spreadsheet formulas: read back, they are the values again.
    // As a sign-up keeps it (normaliseEmail): the same person whichever form of a domain the file has.
    const email = normaliseEmail(unguardCell(cell));
    if (email.length > 254 || !emailPattern.test(email) || hasNonAsciiAddress(email)) {
      // Spreadsheets save rows they once touched as `,,,`: nothing to import and nothing to report.
      if (email === "" && isBlank(record)) return;
      return skip(line, cell, "Invalid email address");
    }
    // The first of two equal addresses is the one kept.
    if (!seen.add(email)) return skip(line, cell, repeated);
    const value = (index: number) => (index >= 0 ? unguardCell(record[index] ?? "").trim() : "");
    const name = value(columns.name) || [value(columns.first), value(columns.last)].filter(Boolean).join(" ");
    handlers.onRow(line, email, name);
  };

  let decoder: TextDecoder | undefined;
  let reader: ReturnType<typeof createCsvReader> | undefined;
  for await (const piece of file) {
    const buffer = piece as Buffer;
    tally.bytesRead += buffer.length;
    if (!decoder) {
      const detected = textDecoderFor(buffer, tally.encoding);
      tally.encoding = detected.encoding;
      decoder = detected.decoder;
    }
    const text = decoder.decode(buffer, { stream: true });
    reader ??= csvReaderFor(text, onRecord, (line, reason) => skip(line, "", reason));
    reader.push(text);
    await handlers.afterPiece();
  }
  if (!reader || !decoder) throw badRequest("The file is empty");
  reader.push(decoder.decode());
  reader.end();
  if (!columns) throw badRequest(noHeaderRow);
}
