import type { ImportPreview } from "@shop/shared/schemas/newsletter";
import { badRequest } from "../../../lib/errors.ts";
import { noHeaderRow, sniffDelimiter } from "./csv.ts";
import { findColumns } from "./headers.ts";
import { csvReaderFor, isBlank, textDecoderFor } from "./read.ts";

/** How much of a file the preview reads: enough for the header and first rows of any real export. */
export const previewBytes = 64 * 1024;
const previewRows = 5;

/**
 * What an import of the file would read, from its head alone (never the whole file): the encoding,
 * separator, header row, first rows and the columns the header names point to. `partial` says the
 * file goes on beyond the head; a record cut by the head's end is not shown.
 */
export function previewCsv(head: Buffer, partial: boolean): ImportPreview {
  if (head.length === 0) throw badRequest("The file is empty");
  const { encoding, decoder } = textDecoderFor(head);
  const text = decoder.decode(head, { stream: partial });
  let headers: string[] | undefined;
  const rows: string[][] = [];
  const reader = csvReaderFor(
    text,
    (record) => {
      if (isBlank(record)) return;
      if (!headers) headers = record;
      else if (rows.length < previewRows) rows.push(record);
    },
    () => {
      // A line the import would skip is not worth showing here either.
    },
  );
  reader.push(text);
  if (!partial) reader.end();
  if (!headers) throw badRequest(text.trim() === "" ? "The file is empty" : noHeaderRow);
  const found = findColumns(headers);
  const at = (index: number) => (index >= 0 ? index : null);
  return {
    encoding,
    delimiter: sniffDelimiter(text.slice(0, 8192)),
    headers,
    rows,
    mapping: { email: at(found.email), firstName: at(found.first), lastName: at(found.last), name: at(found.name) },
    partial,
  };
}
