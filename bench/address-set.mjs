// node bench/address-set.mjs — the CSV import's AddressSet (modules/newsletter/import/address-set.ts)
// against a plain Set<string>, doing what the import does with it: add every address of a file
// (10% repeats, as bench/import.mjs's file), then look each up once more (half of them absent).
// Per side and round: ms to add, ms to look up, the memory the set holds once built (heap and
// array buffers after a full GC, the addresses made afresh so only the set keeps them, in a process
// of its own), and how long a full GC takes there with the set alive. Sides alternate for BENCH_ROUNDS rounds (3);
// medians (min–max), and AddressSet / Set ratios from the same run. BENCH_ADDRESSES (100,000;
// 1,000,000 with --1m) addresses. Runs itself again with --expose-gc when started without it.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { alternate, median, root, spread } from "./lib.mjs";

if (typeof globalThis.gc !== "function") {
  const again = spawnSync(process.execPath, ["--expose-gc", ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(again.status ?? 1);
}

const count = process.argv.includes("--1m") ? 1_000_000 : Number(process.env.BENCH_ADDRESSES ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const { AddressSet } = await tsImport(
  pathToFileURL(path.join(root, "apps/api/src/modules/newsletter/import/address-set.ts")).href,
  import.meta.url,
);

const domains = ["example.com", "mail.example.org", "shop.example.net", "inbox.example.co.uk"];
/** The import lowercases and trims; every 10th row repeats one five rows back, as bench/import.mjs's file. */
const addressOf = (i) =>
  i % 10 === 9 ? addressOf(i - 5) : `person.${i.toString(36)}.${(i * 7919) % 1000}@${domains[i % domains.length]}`;

const sides = {
  AddressSet: () => new AddressSet(count),
  Set: () => new Set(),
};

function timed(run) {
  const start = performance.now();
  const result = run();
  return { ms: performance.now() - start, result };
}

/**
 * Bytes the JavaScript heap and array buffers hold, after a full collection. Twice, with a pause: the
 * memory of a dropped buffer (AddressSet's, outgrown) is given back by a background thread, which a
 * loaded machine may not have run yet after the first.
 */
async function held() {
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  globalThis.gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * The memory a set of every address holds, and a full GC's time with it alive, measured in a process
 * of its own (this script again, with --memory-of): in this one, what earlier rounds left behind
 * skews the heap's figures by more than a set of 100,000 holds.
 */
function memory(name) {
  const child = spawnSync(process.execPath, ["--expose-gc", ...process.argv.slice(1), `--memory-of=${name}`], {
    encoding: "utf8",
    env: { ...process.env, BENCH_ADDRESSES: String(count) },
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

const memoryOf = process.argv.find((arg) => arg.startsWith("--memory-of="))?.slice("--memory-of=".length);
if (memoryOf) {
  const before = await held();
  const set = sides[memoryOf]();
  // Addresses made here, so nothing but the set keeps them.
  for (let i = 0; i < count; i += 1) set.add(addressOf(i));
  const bytes = (await held()) - before;
  const gc = timed(() => globalThis.gc());
  console.log(JSON.stringify({ bytesPerAddress: bytes / set.size, gcMs: gc.ms, size: set.size }));
  process.exit(0);
}

const file = Array.from({ length: count }, (_, i) => addressOf(i));
const absent = Array.from({ length: count }, (_, i) => `nobody.${i.toString(36)}@example.com`);

/**
 * A new string with the same text. V8 keeps a string's hash once computed, so a Set given the same
 * strings every round would skip the hashing it does on an import, where every address is a new
 * string (cut from the file and lowercased); AddressSet hashes the text itself either way.
 */
const fresh = (address) => `${address} `.trimEnd();

function speed(make) {
  const addresses = file.map(fresh);
  const probes = addresses.map((address, i) => (i % 2 === 0 ? fresh(address) : fresh(absent[i])));
  const set = make();
  const add = timed(() => {
    for (const address of addresses) set.add(address);
  });
  const lookUp = timed(() => {
    let found = 0;
    for (const probe of probes) if (set.has(probe)) found += 1;
    return found;
  });
  return { addMs: add.ms, lookUpMs: lookUp.ms, found: lookUp.result };
}

const sample = (name) => ({ ...memory(name), ...speed(sides[name]) });

// Both sides must agree before either is timed: same distinct count, same hits.
const check = Object.keys(sides).map((name) => sample(name));
if (check[0].size !== check[1].size || check[0].found !== check[1].found) {
  throw new Error(`the sides disagree: ${JSON.stringify(check)}`);
}

const samples = await alternate(
  Object.fromEntries(Object.keys(sides).map((name) => [name, () => sample(name)])),
  rounds,
);
const ms = (value) => value.toFixed(1);
const pct = (value) => `${Math.round(value * 100)}%`;
console.log(
  `${count.toLocaleString("en")} addresses (${check[0].size.toLocaleString("en")} distinct), ${Math.max(3, rounds)} rounds alternating, load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}; medians (min–max)`,
);
for (const [name, list] of Object.entries(samples)) {
  const of = (key) => list.map((s) => s[key]);
  console.log(
    `  ${name.padEnd(10)} add ${spread(of("addMs"), ms)} ms, look up ${spread(of("lookUpMs"), ms)} ms, ` +
      `${spread(of("bytesPerAddress"))} bytes an address, full GC with it alive ${spread(of("gcMs"), ms)} ms`,
  );
}
const ratio = (key) => {
  const per = samples.AddressSet.map((s, round) => s[key] / samples.Set[round][key]);
  return `${pct(median(per))} (${pct(Math.min(...per))}–${pct(Math.max(...per))})`;
};
console.log(
  `  AddressSet / Set, per round: add ${ratio("addMs")}, look up ${ratio("lookUpMs")}, memory ${ratio("bytesPerAddress")}, GC ${ratio("gcMs")}`,
);
