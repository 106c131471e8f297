// node bench/csv-reader.mjs — the CSV import's hand-written reader (modules/newsletter/import/csv.ts)
// on bench/import.mjs's file (email,name; 10% repeats, 1% invalid), fed in 64 KB pieces as an upload
// arrives, against a naive split: the same pieces cut at newlines with String.split and each line at
// commas, no quote handling at all (what a first hand-written reader does; wrong for quoted fields).
// A second file has a quoted name with a comma in every fifth row, where the split is wrong but does
// the same work. The third side is csv-parse (7.0.3, the import's reader until c1b16a5), its streaming
// parser fed the same pieces. Sides alternate for BENCH_ROUNDS rounds (3); medians (min–max) of ms
// per file and MB/s, and reader / split and reader / csv-parse from the same run.
// BENCH_ROWS (100,000; 1,000,000 with --1m) rows.
import { loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "csv-parse";
import { tsImport } from "tsx/esm/api";
import { alternate, median, root, spread } from "./lib.mjs";

const rows = process.argv.includes("--1m") ? 1_000_000 : Number(process.env.BENCH_ROWS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const { createCsvReader } = await tsImport(
  pathToFileURL(path.join(root, "apps/api/src/modules/newsletter/import/csv.ts")).href,
  import.meta.url,
);

/** bench/import.mjs's file; with `quoted`, every fifth name is "Last, First" in quotes. */
function makeCsv(count, quoted) {
  const lines = ["email,name"];
  for (let i = 0; i < count; i += 1) {
    if (i % 100 === 99) lines.push(`not-an-email-${i},Broken`);
    else if (i % 10 === 9) lines.push(`person${i - 5}@example.com,Again`);
    else if (quoted && i % 5 === 0) lines.push(`person${i}@example.com,"Person, ${i}"`);
    else lines.push(`person${i}@example.com,Person ${i}`);
  }
  return `${lines.join("\n")}\n`;
}

const pieceChars = 64 * 1024;
const piecesOf = (text) =>
  Array.from({ length: Math.ceil(text.length / pieceChars) }, (_, i) =>
    text.slice(i * pieceChars, (i + 1) * pieceChars),
  );

/** Records and fields seen, so neither side's work can be skipped by the compiler. */
function reader(pieces) {
  let records = 0;
  let chars = 0;
  const csv = createCsvReader({
    delimiter: ",",
    newline: "\n",
    maxRecordChars: 64 * 1024,
    onRecord(fields) {
      records += 1;
      chars += fields[0].length;
    },
    onError() {},
  });
  for (const piece of pieces) csv.push(piece);
  csv.end();
  return { records, chars };
}

function split(pieces) {
  let records = 0;
  let chars = 0;
  let pending = "";
  for (const piece of pieces) {
    const lines = (pending + piece).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const fields = line.split(",");
      records += 1;
      chars += fields[0].length;
    }
  }
  return { records, chars };
}

/** csv-parse's streaming parser, written the same pieces; records counted as they come out. */
function csvParse(pieces) {
  return new Promise((resolve, reject) => {
    let records = 0;
    let chars = 0;
    const parser = parse({ relax_column_count: true, skip_empty_lines: true });
    parser.on("readable", () => {
      for (let fields = parser.read(); fields !== null; fields = parser.read()) {
        records += 1;
        chars += fields[0].length;
      }
    });
    parser.on("error", reject);
    parser.on("end", () => resolve({ records, chars }));
    for (const piece of pieces) parser.write(piece);
    parser.end();
  });
}

const sides = { reader, split, csvParse };
const files = { plain: makeCsv(rows, false), quoted: makeCsv(rows, true) };

console.log(
  `${rows.toLocaleString("en")} rows, ${Math.max(3, rounds)} rounds alternating, load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}; medians (min–max)`,
);
for (const [label, text] of Object.entries(files)) {
  const pieces = piecesOf(text);
  // Warm both up, and check that each read every record.
  for (const [name, run] of Object.entries(sides)) {
    const { records } = await run(pieces);
    if (records !== rows + 1) throw new Error(`${name} read ${records} records of ${rows + 1} in the ${label} file`);
  }
  const samples = await alternate(
    Object.fromEntries(
      Object.entries(sides).map(([name, run]) => [
        name,
        async () => {
          const start = performance.now();
          await run(pieces);
          return performance.now() - start;
        },
      ]),
    ),
    rounds,
  );
  const mb = text.length / 1e6;
  console.log(`  ${label} file, ${mb.toFixed(1)} MB`);
  for (const [name, list] of Object.entries(samples)) {
    console.log(
      `    ${name.padEnd(8)} ${spread(list, (ms) => ms.toFixed(1))} ms, ${spread(
        list.map((ms) => mb / (ms / 1000)),
      )} MB/s`,
    );
  }
  const pct = (value) => `${Math.round(value * 100)}%`;
  for (const other of ["split", "csvParse"]) {
    const per = samples.reader.map((ms, round) => ms / samples[other][round]);
    console.log(
      `    reader / ${other}, per round: ${pct(median(per))} (${pct(Math.min(...per))}–${pct(Math.max(...per))})`,
    );
  }
}
