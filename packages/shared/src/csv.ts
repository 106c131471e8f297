/** CSV cells, the one writer for every export (the API's contacts, activity and subscriber files) and the reader's inverse. */

/**
 * Where a spreadsheet may start a cell, text it would run as a formula (= + - @, and tab or CR that
 * some read the same way, after any quotes or apostrophes) gets a leading apostrophe. That is at the
 * cell's start and also after every `;` and line break in it: Excel where the list separator is `;`
 * (German, French, Dutch, Spanish) splits our comma-separated rows there, and for it our quotes,
 * which open mid-cell, are plain text, so quoting the cell would not keep it whole. Text that already
 * has apostrophes before such a character gets one more, so `unguardCell` can always take exactly
 * one off: export and import are each other's inverse, and a re-imported export names the same people.
 */
const formulaAt = /(?<=^|[;\r\n])(?=['"]*[=+\-@\t\r])/g;
const guardAt = /(?<=^|[;\r\n])'(?=['"]*[=+\-@\t\r])/g;
/** The same places, for the cells (most) that hold no `;` or line break: a test of the start is enough. */
const splitsInto = /[;\r\n]/;
const formulaStart = /^['"]*[=+\-@\t\r]/;

export function guardCell(text: string): string {
  if (splitsInto.test(text)) return text.replace(formulaAt, "'");
  return formulaStart.test(text) ? `'${text}` : text;
}

/** The inverse of `guardCell`, for a cell read back from a file: `'+x@example.com` is `+x@example.com`. */
export function unguardCell(text: string): string {
  // Run on every imported cell: most hold no apostrophe, and the search for one is cheap.
  return text.includes("'") ? text.replace(guardAt, "") : text;
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
