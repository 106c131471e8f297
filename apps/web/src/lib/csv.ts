/**
 * CSV written in the browser. A cell a spreadsheet would run as a formula (= + - @, and tab or
 * carriage return, which some read the same way) gets a leading apostrophe; quotes, commas and
 * line breaks are quoted. The API's exports follow the same rule.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text, CRLF line ends as RFC 4180 has them. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** Hands a file to the browser's downloads. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; revoke once they have.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A CSV file from rows (the first usually the headings); the BOM makes spreadsheet apps read it as UTF-8. */
export function downloadCsv(filename: string, rows: readonly (readonly unknown[])[]): void {
  downloadBlob(new Blob(["\uFEFF", toCsv(rows)], { type: "text/csv;charset=utf-8" }), filename);
}
