// npm run bench:uploads — what image uploads sent together cost the server's memory. Each round starts a
// fresh server for one batch of five 49-megapixel PNGs alone, and another for eight such batches at
// once (every picture different, so none is reused), and reads the server's peak RSS (VmHWM) from before
// the upload to its end. The two alternate for BENCH_ROUNDS rounds (at least 3); the report gives
// medians with the spread (min–max). Uploads are read and converted two at a time
// (modules/uploads/routes.ts), so eight at once should grow the server about twice as much as one,
// not eight times.
import { createRequire } from "node:module";
import { alternate, median, memoryMb, resetPeakRss, spread, startShop } from "./lib.mjs";

const require = createRequire(new URL("../apps/api/package.json", import.meta.url));
const sharp = require("sharp");

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const parallel = 8;
const perBatch = 5;
const side = 7_000;

let made = 0;
/** A batch of pictures never sent before: each has its own colour. */
async function batch() {
  const files = [];
  for (let i = 0; i < perBatch; i += 1) {
    made += 1;
    const background = { r: made % 256, g: (made * 7) % 256, b: (made * 13) % 256 };
    files.push(
      await sharp({ create: { width: side, height: side, channels: 3, background } })
        .png()
        .toBuffer(),
    );
  }
  return files;
}

async function send(shop, token, files) {
  const form = new FormData();
  form.append("folder", "products");
  for (const [i, bytes] of files.entries()) form.append("images", new Blob([bytes], { type: "image/png" }), `${i}.png`);
  const answer = await fetch(`${shop.url}/api/upload/multiple`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
}

async function measure(batches) {
  const files = await Promise.all(Array.from({ length: batches }, batch));
  const shop = await startShop();
  try {
    const login = await fetch(`${shop.url}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "bench-password" }),
    });
    const token = (await login.json()).data.token;
    const before = memoryMb(shop.pid, "VmRSS");
    resetPeakRss(shop.pid);
    const started = performance.now();
    await Promise.all(files.map((batchFiles) => send(shop, token, batchFiles)));
    const seconds = (performance.now() - started) / 1000;
    return { before, growth: memoryMb(shop.pid, "VmHWM") - before, seconds };
  } finally {
    await shop.stop();
  }
}

const runs = await alternate({ one: () => measure(1), many: () => measure(parallel) }, rounds);
const mb = (value) => `${value.toFixed(0)} MB`;
const s = (value) => `${value.toFixed(1)} s`;
const field = (name, key) => runs[name].map((run) => run[key]);
const line = (label, value) => console.log(`${label.padEnd(60)} ${value}`);

console.log(`${runs.one.length} rounds, ${perBatch} PNGs of ${side}×${side} a batch; medians (min–max)`);
line("server RSS before the upload", spread(field("one", "before"), mb));
line("peak RSS growth, one batch", spread(field("one", "growth"), mb));
line(`peak RSS growth, ${parallel} batches at once`, spread(field("many", "growth"), mb));
const ratios = runs.many.map((run, i) => run.growth / runs.one[i].growth);
line(
  `growth ratio, ${parallel} at once / one (target ≤ 3×; all at once: 3.0–3.3×)`,
  spread(ratios, (value) => `${value.toFixed(1)}×`),
);
line("time, one batch", spread(field("one", "seconds"), s));
line(`time, ${parallel} batches at once`, spread(field("many", "seconds"), s));
const perBatchRatio = median(field("many", "seconds")) / parallel / median(field("one", "seconds"));
line(`time a batch, ${parallel} at once / one alone`, `${perBatchRatio.toFixed(2)}×`);
