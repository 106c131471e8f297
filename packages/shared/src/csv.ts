/** CSV cells, the one writer for every export (the API's contacts, activity and subscriber files) and the reader's inverse. */

/**
 * Cells a spreadsheet would run as a formula (= + - @, and tab or CR that some read the same way)
 * are written with a leading apostrophe. A cell that already starts with apostrophes before such a
 * character gets one more, so `unguardCell` can always take exactly one off: export and import
 * are each other's inverse, and a re-imported export names the same people.
 */
const formulaStart = /^'*[=+\-@\t\r]/;

export function guardCell(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** The inverse of `guardCell`, for a cell read back from a file: `'+x@example.com` is `+x@example.com`. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && formulaStart.test(text) ? text.slice(1) : text;
}

/** One CSV cell: formula-guarded, and quoted when it holds quotes, commas or line breaks. */
export function csvCell(value: unknown): string {
  const raw = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  const text = guardCell(raw);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
