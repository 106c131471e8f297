/**
 * A streaming CSV reader for imports, written for speed on the common case: a line without quotes
 * is split with native string search, and only lines holding a quote go through the quoted-field
 * scanner (doubled quotes, separators and newlines inside quotes). A record longer than the limit
 * is reported and dropped up to the next newline, so one bad line never costs the rest of the file.
 */

export type CsvReaderOptions = {
  delimiter: string;
  /** "\r" only for files that use bare carriage returns; "\n" also ends "\r\n" records. */
  newline: "\n" | "\r";
  maxRecordChars: number;
  onRecord(fields: string[], line: number): void;
  onError(line: number, reason: string): void;
};

export const unreadableRecord = "This line could not be read as CSV";
/** A file with text in it but no header row: its first line was too long, or not CSV. */
export const noHeaderRow = "The first line must name the columns (email, name), and it could not be read as one";

type Scanned = { fields: string[]; next: number; lines: number; malformed: boolean };

/**
 * The separator of the header line: the most frequent of `,`, `;` (common in European exports) and
 * tab (Excel's "Unicode Text", .tsv) outside quotes; `,` when there is a tie or none.
 */
export function sniffDelimiter(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === "\n" || char === "\r") break;
    else if (char === "," || char === ";" || char === "\t") counts[char] += 1;
  }
  let best: keyof typeof counts = ",";
  for (const char of [";", "\t"] as const) if (counts[char] > counts[best]) best = char;
  return best;
}

/**
 * The line ending of the first record: the first CR or LF outside quotes. A bare CR there means the
 * file uses bare CRs (Excel for Mac), even when a quoted field holds an LF.
 */
export function sniffNewline(text: string): "\n" | "\r" {
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 34) quoted = !quoted;
    else if (!quoted && code === 10) return "\n";
    else if (!quoted && code === 13) return i + 1 < text.length && text.charCodeAt(i + 1) !== 10 ? "\r" : "\n";
  }
  return "\n";
}

export function createCsvReader(options: CsvReaderOptions) {
  const { delimiter, newline, maxRecordChars, onRecord, onError } = options;
  const tooLong = `This line is longer than ${Math.round(maxRecordChars / 1024)} KB`;
  let pending = "";
  let line = 1;
  /** After an over-long record: dropping text up to the next newline. */
  let skipping = false;

  /** Scans one record that holds a quote, from `start`; null when the text ends inside it. */
  function scanQuoted(text: string, start: number): Scanned | null {
    const fields: string[] = [];
    let lines = 0;
    let malformed = false;
    let i = start;
    let lineEnd = text.indexOf(newline, i);
    while (true) {
      if (text.charCodeAt(i) === 34) {
        let value = "";
        let from = i + 1;
        while (true) {
          const quote = text.indexOf('"', from);
          if (quote === -1 || quote + 1 >= text.length) return null;
          if (text.charCodeAt(quote + 1) === 34) {
            value += text.slice(from, quote + 1);
            from = quote + 2;
            continue;
          }
          value += text.slice(from, quote);
          i = quote + 1;
          break;
        }
        for (let at = value.indexOf(newline); at !== -1; at = value.indexOf(newline, at + 1)) lines += 1;
        const after = text[i];
        if (after === delimiter) {
          fields.push(value);
          i += 1;
          continue;
        }
        const end = after === "\r" && newline === "\n" ? i + 1 : i;
        if (end >= text.length) return null;
        if (text[end] === newline) {
          fields.push(value);
          return { fields, next: end + 1, lines: lines + 1, malformed };
        }
        // Text after a closing quote: read on to the field's end, but the record is not trusted.
        malformed = true;
      }
      if (lineEnd !== -1 && lineEnd < i) lineEnd = text.indexOf(newline, i);
      if (lineEnd === -1) return null;
      const separator = text.indexOf(delimiter, i);
      if (separator !== -1 && separator < lineEnd) {
        fields.push(text.slice(i, separator));
        i = separator + 1;
        continue;
      }
      const end = newline === "\n" && lineEnd > i && text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
      fields.push(text.slice(i, end));
      return { fields, next: lineEnd + 1, lines: lines + 1, malformed };
    }
  }

  function read(text: string): void {
    let at = 0;
    if (skipping) {
      const end = text.indexOf(newline);
      if (end === -1) return;
      skipping = false;
      line += 1;
      at = end + 1;
    }
    let quote = text.indexOf('"', at);
    while (at < text.length) {
      const end = text.indexOf(newline, at);
      if (quote !== -1 && quote < at) quote = text.indexOf('"', at);
      if (quote === -1 || (end !== -1 && quote > end)) {
        if (end === -1) break;
        const stop = newline === "\n" && end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
        if (stop - at > maxRecordChars) onError(line, tooLong);
        else if (stop > at) onRecord(text.slice(at, stop).split(delimiter), line);
        line += 1;
        at = end + 1;
        continue;
      }
      const record = scanQuoted(text, at);
      if (!record) break;
      if (record.next - at > maxRecordChars) onError(line, tooLong);
      else if (record.malformed) onError(line, unreadableRecord);
      else onRecord(record.fields, line);
      line += record.lines;
      at = record.next;
    }
    pending = text.slice(at);
    if (pending.length > maxRecordChars) {
      onError(line, tooLong);
      pending = "";
      skipping = true;
    }
  }

  return {
    push(text: string): void {
      read(pending + text);
    },
    /** The last record may lack its newline; one still inside quotes at the end of the file is reported. */
    end(): void {
      if (skipping || pending === "") return;
      read(pending + newline);
      if (pending !== "") onError(line, unreadableRecord);
      pending = "";
    },
  };
}
