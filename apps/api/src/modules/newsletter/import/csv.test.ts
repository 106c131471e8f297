import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCsvReader, sniffDelimiter, sniffNewline, unreadableRecord } from "./csv.ts";

type Read = { records: [number, string[]][]; errors: [number, string][] };

/** Feeds `pieces` one after another, as a file arrives in chunks of any size. */
function readCsv(pieces: string[], options: { delimiter?: string; newline?: "\n" | "\r"; max?: number } = {}): Read {
  const read: Read = { records: [], errors: [] };
  const reader = createCsvReader({
    delimiter: options.delimiter ?? ",",
    newline: options.newline ?? "\n",
    maxRecordChars: options.max ?? 64 * 1024,
    onRecord: (fields, line) => read.records.push([line, fields]),
    onError: (line, reason) => read.errors.push([line, reason]),
  });
  for (const piece of pieces) reader.push(piece);
  reader.end();
  return read;
}

/** Every way of cutting `text` in two, plus one character at a time. */
function cuts(text: string): string[][] {
  const all = [[...text]];
  for (let at = 0; at <= text.length; at += 1) all.push([text.slice(0, at), text.slice(at)]);
  return all;
}

describe("CSV reader", () => {
  it("splits plain lines, with CRLF or LF, and skips empty lines", () => {
    const text = "email,name\r\nada@example.com,Ada\r\n\r\ngrace@example.com,\n\nlast@example.com,Last";
    for (const pieces of cuts(text)) {
      expect(readCsv(pieces)).toEqual({
        records: [
          [1, ["email", "name"]],
          [2, ["ada@example.com", "Ada"]],
          [4, ["grace@example.com", ""]],
          [6, ["last@example.com", "Last"]],
        ],
        errors: [],
      });
    }
  });

  it("reads quoted fields: separators, doubled quotes and newlines inside them", () => {
    const text =
      'email;name\n"a@example.com";"Lovelace; Ada"\nb@example.com;"Say ""hi"""\r\n"c@example.com";"two\r\nlines"\nd@x.io;e"f\n"e@x.io";plain\r\n';
    for (const pieces of cuts(text)) {
      expect(readCsv(pieces, { delimiter: ";" })).toEqual({
        records: [
          [1, ["email", "name"]],
          [2, ["a@example.com", "Lovelace; Ada"]],
          [3, ["b@example.com", 'Say "hi"']],
          [4, ["c@example.com", "two\r\nlines"]],
          [6, ["d@x.io", 'e"f']],
          [7, ["e@x.io", "plain"]],
        ],
        errors: [],
      });
    }
  });

  it("keeps formula cells as plain text", () => {
    expect(readCsv(['email,name\n=1+1@x.io,"=HYPERLINK(""http://x"")"\n+a@x.io,@SUM(A1)\n']).records).toEqual([
      [1, ["email", "name"]],
      [2, ["=1+1@x.io", '=HYPERLINK("http://x")']],
      [3, ["+a@x.io", "@SUM(A1)"]],
    ]);
  });

  it("reports a line longer than the limit, wherever the chunks end, and reads on", () => {
    const long = "x".repeat(1100);
    const text = `email\nbefore@x.io\n${long}@x.io\n"${long}"\nafter@x.io\n`;
    for (const pieces of [[text], ...cuts(text).filter((_, index) => index % 97 === 0)]) {
      expect(readCsv(pieces, { max: 1024 })).toEqual({
        records: [
          [1, ["email"]],
          [2, ["before@x.io"]],
          [5, ["after@x.io"]],
        ],
        errors: [
          [3, "This line is longer than 1 KB"],
          [4, "This line is longer than 1 KB"],
        ],
      });
    }
  });

  it("drops a quote left open at the end of the file, and text after a closing quote", () => {
    expect(readCsv(['email\n"a@x.io"junk\nb@x.io\n"c@x.io']).records).toEqual([
      [1, ["email"]],
      [3, ["b@x.io"]],
    ]);
    expect(readCsv(['email\n"a@x.io"junk\nb@x.io\n"c@x.io']).errors).toEqual([
      [2, unreadableRecord],
      [4, unreadableRecord],
    ]);
  });

  it("reads files that end lines with a bare carriage return", () => {
    expect(readCsv(["email\ra@x.io\r", '"b@x.io"\r'], { newline: "\r" }).records).toEqual([
      [1, ["email"]],
      [2, ["a@x.io"]],
      [3, ["b@x.io"]],
    ]);
  });

  it("gives back any table of quoted cells as it was written, in any chunks", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", " ", "é") });
    const table = fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(table, fc.integer({ min: 1, max: 20 }), (rows, size) => {
        const text = rows.map((row) => row.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");
        // redos-safe: one bounded run of any character, taken greedily: nothing to backtrack into.
        const pieces = text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
        expect(readCsv(pieces).records.map(([, fields]) => fields)).toEqual(rows);
      }),
    );
  });
});

describe("sniffing the header", () => {
  it("takes the separator used most in the first line, and the line ending", () => {
    expect(sniffDelimiter("\uFEFFName;E-Mail\r\nAda;a@x.io")).toBe(";");
    expect(sniffDelimiter("email,name\na;b;c;d")).toBe(",");
    expect(sniffNewline("email\r\na")).toBe("\n");
    expect(sniffNewline("email\ra\r")).toBe("\r");
  });
});
